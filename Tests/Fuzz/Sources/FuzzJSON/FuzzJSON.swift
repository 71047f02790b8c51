import SnapshotsJSON

/// Any bytes: parsing refuses them or yields a document whose canonical text parses back to
/// itself, and the direct path (straight from json-c's tree) writes that same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  guard let document = try? JSONValue(parsing: bytes) else { return 0 }
  let text = document.canonicalText
  guard let again = try? JSONValue(parsing: Array(text.utf8)) else {
    fatalError("the canonical text does not parse:\n\(text)")
  }
  precondition(again.canonicalText == text, "the canonical text is not stable:\n\(text)")
  precondition(
    (try? JSONValue.canonicalText(parsing: bytes)) == text,
    "the two canonical paths differ:\n\(text)")
  return 0
}
