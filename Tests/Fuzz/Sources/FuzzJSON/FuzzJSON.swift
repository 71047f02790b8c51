import FuzzSupport
import SnapshotsJSON

/// Any bytes: parsing refuses them or yields a document whose canonical text parses back to
/// itself, and the direct path (straight from json-c's tree) writes that same text.
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: count)
  let bytes = Array(input)
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

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzJSON(data, count) }
  }
}
