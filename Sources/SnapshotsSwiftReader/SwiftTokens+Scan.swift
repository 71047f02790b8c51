/// What the lexer passes over between tokens, and the tokens it takes whole: names, numbers
/// and operators.
extension SwiftTokens.Lexer {
  /// Passes over the white space, comment or character that is no token at the position (its
  /// first byte `c`), and says whether it held a line break; `nil`, moving nothing, at a token.
  mutating func skipTrivia(_ c: UInt8) -> Bool? {
    let start = position
    switch c {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
      position += 1
      return c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
    case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
      while let next = byte(), next != UInt8(ascii: "\n") { _ = next; position += 1 }
      return false
    case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
      skipBlockComment()
      return bytes[start..<position].contains(UInt8(ascii: "\n"))
    case 0x00...0x08, 0x0E...0x1F, 0x7F:
      // Passed over as swift-syntax does: a NUL or a control character is no token.
      position += 1
      return false
    case 0x80... where operatorCharacter(head: true) == 0 && !startsName():
      // Neither an operator nor a name (U+FFFD, a no-break space, a byte-order mark).
      position += max(1, scalar().length)
      return false
    default:
      return nil
    }
  }

  /// Passes over the name (`` `quoted` `` too) or number at the position (its first byte `c`);
  /// `false`, moving nothing, when none starts there.
  mutating func skipWord(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "`"):
      position += 1
      while let next = byte(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") {
        _ = next
        position += 1
      }
      if byte() == UInt8(ascii: "`") { position += 1 }
    case _ where Self.startsIdentifier(c) && operatorCharacter(head: true) == 0:
      position += c < 0x80 ? 1 : scalar().length
      while let next = byte(),
        next < 0x80
          ? Self.continuesIdentifier(next) : startsName() && operatorCharacter(head: true) == 0
      {
        position += next < 0x80 ? 1 : scalar().length
      }
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      position += 1
      while let next = byte(),
        Self.continuesIdentifier(next)
          || (next == UInt8(ascii: ".") && (byte(1).map { (48...57).contains($0) } ?? false))
      {
        position += 1
      }
    default:
      return false
    }
    return true
  }

  /// Passes over the operator at the position (its first byte `c`): `.`-led ones take only dots
  /// after it, and a `//` or `/*` after one starts a comment.
  mutating func skipOperator(_ c: UInt8) {
    let dotted = c == UInt8(ascii: ".")
    position += max(1, operatorCharacter(head: true))
    while let next = byte() {
      if next == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "/") || byte(1) == UInt8(ascii: "*") {
        return
      }
      let length = dotted && next == UInt8(ascii: ".") ? 1 : operatorCharacter(head: false)
      guard length > 0 else { return }
      position += length
    }
  }
}
