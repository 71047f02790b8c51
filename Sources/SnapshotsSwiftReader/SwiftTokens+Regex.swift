/// Regular expression literals: `#/…/#`, and the bare `/…/` that swift-syntax's lexer (and
/// Swift 6's) takes for one where an expression may start, rather than a division.
extension SwiftTokens.Lexer {
  /// From the `/` of a `#/…/#` expression, past its closing `/` and `#`s.
  mutating func skipRegex(hashes: Int) {
    position += 1
    while let c = byte() {
      if c == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      if c == UInt8(ascii: "/"), hasHashes(hashes, at: 1) {
        position += 1 + hashes
        return
      }
      position += 1
    }
  }

  /// Where a bare `/…/` regular expression starts in the operator at the position, and
  /// where it ends; `nil` when the operator is one (swift-syntax's lexer's heuristics, so that
  /// both read a file alike).
  ///
  /// Only the operator's first `/` may start one, and only when the operator is not glued to
  /// what comes before it, nor declared (`func /`, `operator /`). An operator free on both
  /// sides (`a / b`) starts one only where an expression may start (after `=`, `(`, `return`,
  /// not after a name or a `)`).
  func bareRegex(after previous: SwiftTokens.Token?, and beforePrevious: SwiftTokens.Token?) -> (
    slash: Int, end: Int
  )? {
    var end = position
    var slash: Int?
    while end < bytes.count {
      let length =
        bytes[end] == UInt8(ascii: ".") && bytes[position] == UInt8(ascii: ".")
        ? 1 : Self(bytes: bytes, position: end).operatorCharacter(head: end == position)
      guard length > 0 else { break }
      if slash == nil, bytes[end] == UInt8(ascii: "/") { slash = end }
      end += length
    }
    guard let slash, !isLeftBound(position) else { return nil }
    if let previous, previous.isKeyword(.func) || previous.isKeyword(.operator) { return nil }
    var mustBe = false
    if !isRightBound(end, leftBound: false) {
      // `try? /x/`: what follows `try?` is no operand of a binary operator.
      let afterTry =
        previous?.isPostfixOptional == true
        && beforePrevious?.isKeyword(.try) == true
      guard afterTry || expressionMayStart(after: previous) else { return nil }
      // In an argument list, `f(/, x)` passes the operator.
      mustBe =
        afterTry
        || !(previous?.punctuation.map {
          [SwiftPunctuation.leftParen, .leftBracket, .comma, .colon].contains($0)
        } ?? false)
    }
    return Self(bytes: bytes, position: slash).regexEnd(mustBe: mustBe).map { (slash, $0) }
  }

  /// Whether the byte before `offset` binds an operator there to what precedes it.
  func isLeftBound(_ offset: Int) -> Bool {
    guard offset > 0 else { return false }
    switch bytes[offset - 1] {
    case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
      UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
      return false
    case UInt8(ascii: "/"): return !(offset >= 2 && bytes[offset - 2] == UInt8(ascii: "*"))
    case 0xA0: return !(offset >= 2 && bytes[offset - 2] == 0xC2)
    default: return true
    }
  }

  /// Whether the byte at `offset` binds an operator ending there to what follows it.
  func isRightBound(_ offset: Int, leftBound: Bool) -> Bool {
    guard offset < bytes.count else { return false }
    switch bytes[offset] {
    case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "\t"),
      UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
      return false
    case UInt8(ascii: "."): return !leftBound
    case UInt8(ascii: "/"):
      let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
      return next != UInt8(ascii: "/") && next != UInt8(ascii: "*")
    case 0xC2: return !(offset + 1 < bytes.count && bytes[offset + 1] == 0xA0)
    default: return true
    }
  }

  /// Whether an expression may start after this token rather than a binary operator.
  func expressionMayStart(after token: SwiftTokens.Token?) -> Bool {
    guard let token else { return true }
    switch token.kind {
    case .identifier:
      guard let word = token.keyword, SwiftKeyword.reserved.contains(word) else { return false }
      return !SwiftKeyword.values.contains(word)
    case .string, .number, .regex: return false
    case .punctuation:
      guard let punctuation = token.punctuation else { return token.text != "`" }
      return [SwiftPunctuation.leftParen, .leftBracket, .leftBrace, .semicolon, .comma, .colon]
        .contains(punctuation)
    case .operator(let fixity):
      if token.text == "=" { return true }
      if token.text == "->" { return false }
      // A binary or a prefix operator, not a postfix one (`x! / y`).
      return fixity != .postfix
    }
  }

  /// Past the closing `/` of a bare regular expression whose `/` is at the position.
  ///
  /// `nil` when it is none. Unless it `mustBe` one, a space right inside either slash or an
  /// unbalanced `)` makes it an operator; a comment right after it, or a line break in it,
  /// makes it none either way.
  func regexEnd(mustBe: Bool) -> Int? {
    var offset = position + 1
    guard offset < bytes.count else { return nil }
    switch bytes[offset] {
    case UInt8(ascii: "*"), UInt8(ascii: "/"): return nil
    case UInt8(ascii: " "), UInt8(ascii: "\t"): if !mustBe { return nil }
    default: break
    }
    if position > 0, bytes[position - 1] == UInt8(ascii: "*") { return nil }
    var groups = 0
    var classes = 0
    var lastSpace = -1
    while offset < bytes.count {
      let c = bytes[offset]
      switch c {
      case UInt8(ascii: "/"):
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        if next == UInt8(ascii: "*") || next == UInt8(ascii: "/") { return nil }
        if lastSpace == offset - 1, !mustBe { return nil }
        return offset + 1
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
      case UInt8(ascii: "\\"):
        offset += 1
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { return nil }
      case UInt8(ascii: "(") where classes == 0: groups += 1
      case UInt8(ascii: ")") where classes == 0:
        if groups == 0, !mustBe { return nil }
        groups = max(0, groups - 1)
      case UInt8(ascii: "["): classes += 1
      case UInt8(ascii: "]"): classes = max(0, classes - 1)
      case UInt8(ascii: " "), UInt8(ascii: "\t"): lastSpace = offset
      default: break
      }
      offset += 1
    }
    return nil
  }
}
