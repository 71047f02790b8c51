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
package struct UnifiedDiff {
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
    let lines = lines(old: old, new: new)
    return lines.isEmpty ? nil : lines.map(\.text).joined(separator: "\n")
  }

  /// The diff as typed lines, for a reader that tells them apart by kind (a page), not by
  /// their first character; empty when the texts are the same line for line.
  public func lines(old: String, new: String) -> [DiffLine] {
    let old = TextLines(old), new = TextLines(new)
    return lines(old: old, new: new, diff: LineDiff(old: old, new: new))
  }

  /// The diff of two texts' lines already compared.
  func lines(old: TextLines, new: TextLines, diff: LineDiff) -> [DiffLine] {
    if diff.isEmpty { return [] }
    var output: [DiffLine] = []
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
      output.append(
        DiffLine(
          .note, "… \(hidden) more lines of difference not shown; compare the files in full."))
    }
    return output
  }

  /// What `.lines` reports of two texts that differ, typed: that only their line endings or
  /// final newline differ, or the unified diff followed by what tells look-alike lines apart;
  /// `nil` when they are the same bytes.
  public static func report(reference: String, actual: String, colored: Bool) -> [DiffLine]? {
    // Swift's `==` takes `é` and `e` with a combining accent as one; the bytes stored do not.
    guard reference != actual || !UTF8Text.sameBytes(reference, actual) else { return nil }
    if let endings = LineEndings.difference(reference: reference, actual: actual) {
      return [DiffLine(.note, endings)]
    }
    return UnifiedDiff(colored: colored).linesWithHints(old: reference, new: actual)
  }

  /// The diff's lines, then what tells look-alike lines apart, from one line diff; empty when
  /// the texts are the same line for line.
  public func linesWithHints(old: String, new: String) -> [DiffLine] {
    let old = TextLines(old), new = TextLines(new)
    let diff = LineDiff(old: old, new: new)
    return lines(old: old, new: new, diff: diff)
      + LookAlikeText.lines(old: old, new: new, diff: diff).map { DiffLine(.note, $0) }
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

  private func fold(_ count: Int, into output: inout [DiffLine]) {
    guard countsFolds, count > 0 else { return }
    output.append(
      DiffLine(.fold, paint("⋯ \(count) unchanged line\(count == 1 ? "" : "s")", .dim)))
  }

  private func render(_ hunk: Hunk, _ diff: LineDiff, _ old: TextLines, _ new: TextLines)
    -> [DiffLine]
  {
    var lines = [DiffLine(.hunk, paint(header(hunk), .cyan))]
    let noNewline = DiffLine(.note, "\\ No newline at end of file")
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
          for (o, n) in zip(deleted, inserted) {
            words[o] = WordDiff(old: shown(old, o), new: shown(new, n))
          }
        }
        for o in deleted {
          lines.append(
            DiffLine(
              .removed,
              words[o].map { WordDiff.paint($0.old, prefix: "-", .red) }
                ?? paint("-" + shown(old, o), .red)))
          if old.isMissingNewline(at: o) { lines.append(noNewline) }
        }
        for (k, n) in inserted.enumerated() {
          let pair = k < deleted.count ? words[deleted[k]] : nil
          lines.append(
            DiffLine(
              .added,
              pair.map { WordDiff.paint($0.new, prefix: "+", .green) }
                ?? paint("+" + shown(new, n), .green)))
          if new.isMissingNewline(at: n) { lines.append(noNewline) }
        }
      } else if j < hunk.newEnd, diff.inserted[j] {
        lines.append(DiffLine(.added, paint("+" + shown(new, j), .green)))
        if new.isMissingNewline(at: j) { lines.append(noNewline) }
        j += 1
      } else {
        lines.append(DiffLine(.unchanged, " " + shown(old, i)))
        if old.isMissingNewline(at: i) { lines.append(noNewline) }
        i += 1
        j += 1
      }
    }
    return lines
  }

  /// A line as the diff shows it: its control characters escaped before it is painted, so
  /// that a value's own escape sequence is read, never run, and a NUL cuts no message.
  private func shown(_ text: TextLines, _ index: Int) -> String {
    ControlCharacters.escaped(text[index])
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

  private func paint(_ line: String, _ colour: Terminal.Colour) -> String {
    Terminal.paint(line, colour, if: colored)
  }
}

/// A line of a unified diff, with its kind: a reader classifies it by that, never by its first
/// character, which a coloured line does not start with.
package struct DiffLine: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// `@@ -2,3 +2,3 @@`.
    case hunk
    case removed, added, unchanged
    /// `⋯ 12 unchanged lines`.
    case fold
    /// What is said of the diff: `\ No newline at end of file`, a look-alike hint, a count of
    /// lines not shown.
    case note
  }

  public var kind: Kind
  /// The line as a terminal shows it: with its `-`, `+` or space, coloured when asked.
  public var text: String

  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }
}
