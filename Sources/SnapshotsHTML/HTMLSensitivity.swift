import Snapshots

/// What `snapshot-record --sensitivity` changes in the texts `.html` and `.htmlOutline` write
/// (and SnapshotsBrowser's `.renderedOutline`, in the outline's format).
package enum HTMLSensitivity {
  /// `.html`: each line as any text's, then each element removed with its content (the lines
  /// indented under its first, and its closing line).
  static func pageChanges(of text: String, limit: Int = 500) -> [SnapshotChange<String>] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var changes = SnapshotChange.lines(of: text, limit: limit)
    for (index, line) in lines.enumerated().prefix(limit) {
      let content = line.drop { $0 == " " }
      guard content.first == "<", content.dropFirst().first?.isLetter == true else { continue }
      let depth = line.count - content.count
      let tag = content.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "-" }
      var end = index + 1
      while end < lines.count {
        let indent = lines[end].prefix { $0 == " " }.count
        if indent > depth {
          end += 1
          continue
        }
        if indent == depth && lines[end].dropFirst(depth).hasPrefix("</\(tag)>") { end += 1 }
        break
      }
      changes.append(
        SnapshotChange(
          "line \(index + 1) (<\(tag)> removed)",
          (lines[..<index] + lines[end...]).joined(separator: "\n")))
    }
    return changes
  }

  /// `.htmlOutline`: each line's name changed.
  ///
  /// `- heading "⁂Invoices"`; a line without a name gains one. An empty outline (a page with
  /// nothing a reader finds) has none: the check reports that it cannot fail.
  package static func outlineChanges(of text: String, limit: Int = 500)
    -> [SnapshotChange<String>]
  {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var changes: [SnapshotChange<String>] = []
    for (index, line) in lines.enumerated().prefix(limit) {
      guard let dash = line.firstRange(of: "- ") else { continue }
      var changed = line
      if let quote = line.firstIndex(of: "\"") {
        changed.insert("⁂", at: line.index(after: quote))
      } else if let text = line.firstRange(of: "- text: ") {
        changed.insert("⁂", at: text.upperBound)
      } else {
        let role = line[dash.upperBound...].prefix { $0 != ":" && $0 != " " }
        changed.insert(contentsOf: " \"⁂\"", at: role.endIndex)
      }
      changes.append(
        SnapshotChange(
          "line \(index + 1) (name)",
          (lines[..<index] + [changed] + lines[(index + 1)...]).joined(separator: "\n")))
    }
    return changes
  }
}
