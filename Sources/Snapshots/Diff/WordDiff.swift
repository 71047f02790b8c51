/// Which words of a changed line changed: the line pair's tokens (a run of letters, digits and
/// `_`, a run of spaces, or any other single character) diffed as `LineDiff` diffs lines.
struct WordDiff {
  /// Each line's tokens, with whether it changed.
  private(set) var old: [(token: Substring, changed: Bool)]
  private(set) var new: [(token: Substring, changed: Bool)]

  /// The words of `old` and `new` that differ, or `nil` when the lines share no word (marking
  /// everything would say nothing the line's colour does not).
  init?(old oldLine: String, new newLine: String) {
    let oldTokens = Self.tokens(oldLine), newTokens = Self.tokens(newLine)
    let diff = LineDiff(old: oldTokens, new: newTokens)
    let shared = oldTokens.indices.contains { index in
      !diff.deleted[index] && oldTokens[index].contains { !$0.isWhitespace }
    }
    guard shared else { return nil }
    old = zip(oldTokens, diff.deleted).map { ($0, $1) }
    new = zip(newTokens, diff.inserted).map { ($0, $1) }
  }

  static func tokens(_ line: String) -> [Substring] {
    var tokens: [Substring] = []
    var start = line.startIndex
    func kind(_ character: Character) -> Int {
      if character.isLetter || character.isNumber || character == "_" { return 0 }
      return character.isWhitespace ? 1 : 2
    }
    while start < line.endIndex {
      let first = kind(line[start])
      var end = line.index(after: start)
      if first != 2 {
        while end < line.endIndex, kind(line[end]) == first { end = line.index(after: end) }
      }
      tokens.append(line[start..<end])
      start = end
    }
    return tokens
  }

  /// A line in its `colour`, its changed words also in reverse video.
  static func paint(
    _ tokens: [(token: Substring, changed: Bool)], prefix: String, _ colour: Terminal.Colour
  ) -> String {
    var line = prefix
    for (token, changed) in tokens {
      line += changed ? "\u{1B}[7m\(token)\u{1B}[27m" : String(token)
    }
    return Terminal.paint(line, colour, if: true)
  }
}
