import FuzzSupport
@_spi(Tooling) import SnapshotsHTML

/// Any bytes, read as UTF-8 as a String holds them.
///
/// `.html` of a page libxml2 had nothing to recover from is itself again, with the outline of the page it came from. A malformed page's
/// may change once more, as libxml2 recovers a tree it would not build from that tree's own
/// markup (text it left in a `<head>`, say), and then no more.
func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let page = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  guard let text = try? HTMLSnapshotText.html(page) else { return 0 }
  let again = try? HTMLSnapshotText.html(text)
  if !text.contains("<!-- The HTML parser recovered from:\n") {
    precondition(
      again == text, "normalising again changed it:\n\(text)\n---\n\(again ?? "(failed)")")
    precondition(
      (try? HTMLSnapshotText.outline(text)) == (try? HTMLSnapshotText.outline(page)),
      "the outline changed:\n\(text)")
  } else if let again {
    let third = try? HTMLSnapshotText.html(again)
    precondition(
      third == again, "normalising does not settle:\n\(again)\n---\n\(third ?? "(failed)")")
  }
  return 0
}

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzHTML(data, count) }
  }
}
