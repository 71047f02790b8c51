import FuzzSupport
@_spi(Tooling) import SnapshotsHTML

/// Any bytes, read as UTF-8 as a String holds them: `.html` writes a page whose `.html` is
/// itself, with the outline of the page it came from.
func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let page = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  guard let text = try? HTMLSnapshotText.html(page) else { return 0 }
  let again = try? HTMLSnapshotText.html(text)
  precondition(again == text, "normalising again changed it:\n\(text)\n---\n\(again ?? "(failed)")")
  precondition(
    (try? HTMLSnapshotText.outline(text)) == (try? HTMLSnapshotText.outline(page)),
    "the outline changed:\n\(text)")
  return 0
}

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzHTML(data, count) }
  }
}
