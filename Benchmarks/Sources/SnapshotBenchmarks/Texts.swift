/// Texts shaped like the ones snapshot tests diff.
enum Texts {
  /// A `.dump` of many small structs: few distinct lines, repeated many times.
  static func dumpShaped(lines: Int) -> [String] {
    var text = ["▿ \(lines / 4) elements"]
    var index = 0
    while text.count < lines {
      text += [
        "  ▿ Item", "    - enabled: true", "    - id: \(index % 10)", "    - name: \"item\"",
      ]
      index += 1
    }
    return Array(text.prefix(lines))
  }

  /// Lines that are all different.
  static func unique(lines: Int) -> [String] {
    (0..<lines).map { "line \($0): some unique content \($0 &* 2_654_435_761 % 1_000_003)" }
  }

  /// The text with three lines changed, at a quarter, half and three quarters of the way.
  static func withThreeChanges(_ lines: [String]) -> [String] {
    var changed = lines
    for fraction in [4, 2] { changed[lines.count / fraction] += " (changed)" }
    changed[lines.count * 3 / 4] = "    - id: changed"
    return changed
  }

  static func joined(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }
}
