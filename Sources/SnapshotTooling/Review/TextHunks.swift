import Foundation
@_spi(Tooling) import Snapshots

/// A text change as its hunks: each run of consecutive changed lines, the lines it removes and
/// the lines it adds, with no line of context.
///
/// A hunk is what it removes and adds, wherever it is and whatever lines surround it: the same
/// footer changed under three different pages is one hunk three times, and that is what lets
/// ``ChangeGroup`` decide it once. Lines are compared by their bytes, each with its newline, so
/// that applying some hunks (``applying(_:)``) gives back the exact bytes of each side.
struct TextHunks {
  struct Hunk {
    /// The old text's lines it removes, and the new text's it adds (indices).
    var old: Range<Int>
    var new: Range<Int>
    /// Those lines as a reader sees them: without their newlines, control characters escaped
    /// (`ControlCharacters`); a line that ends its text without a newline is followed by
    /// `\ No newline at end of file`, as in a unified diff.
    var removed: [String]
    var added: [String]
    /// What makes two hunks the same: their removed and added lines, as they are.
    var key: String
  }

  private let oldLines: [ArraySlice<UInt8>]
  private let newLines: [ArraySlice<UInt8>]
  /// In the order of the text.
  let hunks: [Hunk]

  init(old: String, new: String) {
    oldLines = Self.lines(of: old)
    newLines = Self.lines(of: new)
    var hunks: [Hunk] = []
    for (old, new) in LineDiff(old: oldLines, new: newLines).changes {
      let (removed, added) = (Self.texts(oldLines[old]), Self.texts(newLines[new]))
      hunks.append(
        Hunk(
          old: old, new: new,
          removed: removed.map { ControlCharacters.escaped($0) },
          added: added.map { ControlCharacters.escaped($0) },
          key: (removed.map { "-" + $0 } + added.map { "+" + $0 }).joined(separator: "\n")))
    }
    self.hunks = hunks
  }

  /// The old text with the hunks `chosen` says applied, the others left as they were.
  func applying(_ chosen: (Hunk) -> Bool) -> String {
    var bytes: [UInt8] = []
    var kept = 0
    for hunk in hunks {
      for line in oldLines[kept..<hunk.old.lowerBound] { bytes += line }
      for line in chosen(hunk) ? newLines[hunk.new] : oldLines[hunk.old] { bytes += line }
      kept = hunk.old.upperBound
    }
    for line in oldLines[kept...] { bytes += line }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A text's lines, each with its newline (the last may have none).
  private static func lines(of text: String) -> [ArraySlice<UInt8>] {
    let bytes = Array(text.utf8)
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      lines.append(bytes[start...index])
      start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
  }

  private static func texts(_ lines: ArraySlice<ArraySlice<UInt8>>) -> [String] {
    lines.flatMap { line -> [String] in
      guard line.last == 0x0A else {
        return [String(decoding: line, as: UTF8.self), "\\ No newline at end of file"]
      }
      return [String(decoding: line.dropLast(), as: UTF8.self)]
    }
  }
}

extension PendingChange {
  /// Its hunks, `nil` when either side is not text (an image): such a change is decided whole.
  ///
  /// No reference (a new file, a call without a literal) and a literal that goes are empty
  /// texts, so they are one hunk.
  func hunks() -> TextHunks? {
    func text(_ data: Data?) -> String? {
      guard let data else { return "" }
      return String(data: data, encoding: .utf8)
    }
    let (old, new) = contents()
    guard let oldText = text(old), let newText = text(new) else { return nil }
    return TextHunks(old: oldText, new: newText)
  }
}
