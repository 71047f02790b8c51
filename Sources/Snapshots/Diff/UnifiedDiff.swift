/// A unified diff (`@@ -a,b +c,d @@` hunks with context lines) of two texts.
///
/// ```
/// @@ -2,3 +2,3 @@
///    - id: 1
/// -  - name: "Blob"
/// +  - name: "Blob Jr."
///    ▿ tags: 2 elements
/// ```
struct UnifiedDiff {
  var context = 3
  /// Lines of difference shown at most; the rest is counted, not printed.
  var maximumLines = 500
  var colored = false

  func text(old: String, new: String) -> String? {
    let old = TextLines(old), new = TextLines(new)
    let diff = LineDiff(old: old, new: new)
    if diff.isEmpty { return nil }
    var output: [String] = []
    for hunk in hunks(diff, oldCount: old.count, newCount: new.count) {
      output += render(hunk, diff, old, new)
    }
    if output.count > maximumLines {
      let hidden = output.count - maximumLines
      output.removeLast(hidden)
      output.append("… \(hidden) more lines of difference not shown; compare the files in full.")
    }
    return output.joined(separator: "\n")
  }

  private struct Hunk {
    var oldStart: Int, oldEnd: Int, newStart: Int, newEnd: Int
  }

  /// Groups changes whose gaps are at most twice the context into hunks.
  private func hunks(_ diff: LineDiff, oldCount: Int, newCount: Int) -> [Hunk] {
    var hunks: [Hunk] = []
    var i = 0, j = 0
    while i < oldCount || j < newCount {
      let changed = (i < oldCount && diff.deleted[i]) || (j < newCount && diff.inserted[j])
      guard changed else {
        i += 1
        j += 1
        continue
      }
      let startI = i, startJ = j
      while i < oldCount, diff.deleted[i] { i += 1 }
      while j < newCount, diff.inserted[j] { j += 1 }
      let hunk = Hunk(
        oldStart: max(0, startI - context), oldEnd: min(oldCount, i + context),
        newStart: max(0, startJ - context), newEnd: min(newCount, j + context))
      if let last = hunks.last, hunk.oldStart <= last.oldEnd {
        hunks[hunks.count - 1].oldEnd = hunk.oldEnd
        hunks[hunks.count - 1].newEnd = hunk.newEnd
      } else {
        hunks.append(hunk)
      }
    }
    return hunks
  }

  private func render(_ hunk: Hunk, _ diff: LineDiff, _ old: TextLines, _ new: TextLines)
    -> [String]
  {
    var lines = [paint(header(hunk), "\u{1B}[36m")]
    var i = hunk.oldStart, j = hunk.newStart
    while i < hunk.oldEnd || j < hunk.newEnd {
      if i < hunk.oldEnd, diff.deleted[i] {
        lines.append(paint("-" + old[i], "\u{1B}[31m"))
        if old.isMissingNewline(at: i) { lines.append("\\ No newline at end of file") }
        i += 1
      } else if j < hunk.newEnd, diff.inserted[j] {
        lines.append(paint("+" + new[j], "\u{1B}[32m"))
        if new.isMissingNewline(at: j) { lines.append("\\ No newline at end of file") }
        j += 1
      } else {
        lines.append(" " + old[i])
        if old.isMissingNewline(at: i) { lines.append("\\ No newline at end of file") }
        i += 1
        j += 1
      }
    }
    return lines
  }

  private func header(_ hunk: Hunk) -> String {
    "@@ -\(range(hunk.oldStart, hunk.oldEnd)) +\(range(hunk.newStart, hunk.newEnd)) @@"
  }

  /// `start,count` with 1-based lines, as GNU diff writes it (`,1` left out; an empty range
  /// names the line before it).
  private func range(_ start: Int, _ end: Int) -> String {
    let count = end - start
    switch count {
    case 0: return "\(start),0"
    case 1: return "\(start + 1)"
    default: return "\(start + 1),\(count)"
    }
  }

  private func paint(_ line: String, _ code: String) -> String {
    colored ? code + line + "\u{1B}[0m" : line
  }
}
