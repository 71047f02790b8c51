import Foundation

/// A gallery page's snapshots as its script reads them: the JSON records of its data script
/// (`<script type="application/json" id="snapshots">`), whose `h` is each snapshot's markup.
public enum GalleryMarkup {
  public struct NoData: Error, CustomStringConvertible {
    public var description: String { "the page has no readable data script" }
  }

  /// The page's records, in its order.
  public static func records(ofPage page: String) throws -> [[String: Any]] {
    guard let start = page.range(of: #"<script type="application/json" id="snapshots">"#),
      let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex),
      let records = try JSONSerialization.jsonObject(
        with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [[String: Any]]
    else { throw NoData() }
    return records
  }

  /// Every snapshot's markup, in the page's order, as the page draws it.
  public static func snapshots(ofPage page: String) throws -> String {
    try records(ofPage: page).compactMap { $0["h"] as? String }.joined()
  }
}
