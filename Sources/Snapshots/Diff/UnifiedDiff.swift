/// A unified diff (`@@ -a,b +c,d @@` hunks with context lines) of two texts.
///
/// ```
/// @@ -2,3 +2,3 @@
///    - id: 1
/// -  - name: "Blob"
/// +  - name: "Blob Jr."
///    ▿ tags: 2 elements
/// ```
///
/// In colour, a deleted line and the inserted line that replaces it also show their changed
/// words (``WordDiff``).
@_spi(Tooling) public struct UnifiedDiff {
  var context = 3
  /// Lines of difference shown at most; the rest is counted, not printed.
  var maximumLines = 500
  var colored = false
  /// Whether the unchanged lines between hunks (and before and after them) are counted in a
  /// line of their own, `⋯ 12 unchanged lines`, for a reader rather than for `patch`.
  var countsFolds = false

  /// The diff a reviewer reads: hunks with their folds counted, in colour when `colored`.
  public static func forReview(colored: Bool) -> UnifiedDiff {
    UnifiedDiff(colored: colored, countsFolds: true)
  }

  public func text(old: String, new: String) -> String? {
    let old = TextLines(old), new = TextLines(new)
    let diff = LineDiff(old: old, new: new)
    if diff.isEmpty { return nil }
    var output: [String] = []
    var shown = 0
    for hunk in hunks(diff, oldCount: old.count, newCount: new.count) {
      fold(hunk.oldStart - shown, into: &output)
      output += render(hunk, diff, old, new)
      shown = hunk.oldEnd
    }
    fold(old.count - shown, into: &output)
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

  private func fold(_ count: Int, into output: inout [String]) {
    guard countsFolds, count > 0 else { return }
    output.append(paint("⋯ \(count) unchanged line\(count == 1 ? "" : "s")", "\u{1B}[2m"))
  }

  private func render(_ hunk: Hunk, _ diff: LineDiff, _ old: TextLines, _ new: TextLines)
    -> [String]
  {
    var lines = [paint(header(hunk), "\u{1B}[36m")]
    var i = hunk.oldStart, j = hunk.newStart
    while i < hunk.oldEnd || j < hunk.newEnd {
      if i < hunk.oldEnd, diff.deleted[i] {
        // A block of changed lines: deletions, then their insertions, paired line by line for
        // their words.
        var deleted: [Int] = [], inserted: [Int] = []
        while i < hunk.oldEnd, diff.deleted[i] {
          deleted.append(i)
          i += 1
        }
        while j < hunk.newEnd, diff.inserted[j] {
          inserted.append(j)
          j += 1
        }
        var words: [Int: WordDiff] = [:]
        if colored {
          for (o, n) in zip(deleted, inserted) { words[o] = WordDiff(old: old[o], new: new[n]) }
        }
        for o in deleted {
          lines.append(
            words[o].map { WordDiff.paint($0.old, prefix: "-", code: "\u{1B}[31m") }
              ?? paint("-" + old[o], "\u{1B}[31m"))
          if old.isMissingNewline(at: o) { lines.append("\\ No newline at end of file") }
        }
        for (k, n) in inserted.enumerated() {
          let pair = k < deleted.count ? words[deleted[k]] : nil
          lines.append(
            pair.map { WordDiff.paint($0.new, prefix: "+", code: "\u{1B}[32m") }
              ?? paint("+" + new[n], "\u{1B}[32m"))
          if new.isMissingNewline(at: n) { lines.append("\\ No newline at end of file") }
        }
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
