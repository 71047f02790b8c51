@_spi(Tooling) import Snapshots

/// A line of terminal output cut or wrapped to a width: colour sequences pass through and take
/// no room, so the screen's rows stay counted; every other control character is shown escaped
/// (`ControlCharacters`), never run.
enum TerminalLine {
  /// The line as rows of at most `width` characters; a colour open at a break is closed there
  /// and opened again on the next row.
  static func wrap(_ line: String, width: Int) -> [String] {
    let line = ControlCharacters.escaped(
      line.replacingOccurrences(of: "\t", with: "  "), keepingColour: true)
    guard width > 1 else { return [line] }
    var rows: [String] = []
    var row = ""
    var visible = 0
    var escape = ""
    var colour = ""
    for character in line {
      if !escape.isEmpty || character == "\u{1B}" {
        escape.append(character)
        if character.isLetter {
          colour = escape == "\u{1B}[0m" ? "" : colour + escape
          row += escape
          escape = ""
        }
        continue
      }
      if visible == width {
        rows.append(colour.isEmpty ? row : row + "\u{1B}[0m")
        row = colour
        visible = 0
      }
      row.append(character)
      visible += 1
    }
    rows.append(row + escape)
    return rows
  }

  /// The line's first row, ending in `…` when there is more.
  static func fit(_ line: String, width: Int) -> String {
    let rows = wrap(line, width: width)
    guard rows.count > 1 else { return rows[0] }
    return wrap(line, width: width - 1)[0] + "…"
  }
}
