import FuzzSupport

@testable import SnapshotsHTML

/// Any bytes, read as UTF-8 as a String holds them: `.html` and `.htmlOutline` never crash, and
/// normalising settles.
///
/// `.html` of a page is itself again after at most one more pass. Not always after none:
/// libxml2 recovers some broken markup into a tree it would not build from that tree's own
/// markup (a lone `<` left as text directly in `<html>`, which read again is wrapped in a
/// `<p>`). The corpus's pages, broken ones included, are checked to be fixed points in
/// `HTMLCorpusTests`.
func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let page = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  _ = try? HTMLSnapshotText.outline(page)
  guard let once = try? HTMLSnapshotText.html(page) else { return 0 }
  guard let twice = try? HTMLSnapshotText.html(once) else {
    fatalError("the snapshot does not parse:\n\(once)")
  }
  let thrice = try? HTMLSnapshotText.html(twice)
  precondition(thrice == twice, "normalising does not settle:\n\(twice)\n---\n\(thrice ?? "")")
  return 0
}

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzHTML(data, count) }
  }
}
