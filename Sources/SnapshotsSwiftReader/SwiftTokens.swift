/// Swift source as tokens: what the declaration and call readers read.
///
/// Identifiers (keywords and backticked names too), operators (prefix, postfix or binary, as
/// the spacing around them says) and punctuation are tokens of their own; a string literal is
/// one string token, a regular expression (`#/…/#`, or `/…/` where swift-syntax's lexer takes a
/// `/` for one) one regex token, a number one number token, and comments are left out. The expressions interpolated in strings are lexed too, apart
/// (``Lexed/interpolations``).
package enum SwiftTokens {
  package struct Token {
    package enum Kind: Equatable {
      case identifier, punctuation, string, number, regex
      case `operator`(Fixity)
    }

    /// How an operator applies, from what binds it on each side (Swift's rule).
    ///
    /// Bound on both sides or neither, it is binary (`a + b`, `a+b`); on the left alone,
    /// postfix (`x!`, `x?.y`); on the right alone, prefix (`-x`, `!flag`). A `?` or `!` bound
    /// on the left is always postfix, and a token of its own.
    package enum Fixity { case prefix, postfix, binary }

    package var isOperator: Bool {
      if case .operator = kind { return true }
      return false
    }

    /// Whether it is a postfix `?` or `!`: optional chaining, forced unwrapping.
    package var isPostfixOptional: Bool {
      kind == .operator(.postfix) && (text == "?" || text == "!")
    }
    package var kind: Kind
    package var text: String
    /// The keyword an identifier spells; `nil` for a name and for anything else.
    package var keyword: SwiftKeyword?
    /// What a punctuation token is; `nil` for one the reader does not tell apart.
    package var punctuation: SwiftPunctuation?
    /// Whether whitespace or a comment comes right before it: `Array<Int>` is a generic type,
    /// `a < b` a comparison.
    package var spaceBefore: Bool
    /// Whether a line break comes before it (in whitespace or a comment): `(` there starts
    /// an expression of its own rather than calling the one before.
    package var lineBreakBefore: Bool
    /// Its UTF-8 offsets in the source.
    package var start: Int
    package var end: Int

    package func isKeyword(_ word: SwiftKeyword) -> Bool { keyword == word }
    package func isOperator(_ symbol: String) -> Bool { isOperator && text == symbol }
    package func isPunctuation(_ symbol: SwiftPunctuation) -> Bool { punctuation == symbol }

    /// Whether it is one of these keywords.
    package func isAny(of words: Set<SwiftKeyword>) -> Bool { keyword.map(words.contains) ?? false }

    /// How many generic clauses the token opens (positive) or closes (negative): `<`, `>`,
    /// `>>`, `>?`; never an arrow.
    package var angleChange: Int {
      guard isOperator, text != "->" else { return 0 }
      var change = 0
      for character in text.utf8 {
        switch character {
        case UInt8(ascii: "<"): change += 1
        case UInt8(ascii: ">"): change -= 1
        case UInt8(ascii: "?"), UInt8(ascii: "!"): continue
        default: return 0
        }
      }
      return change
    }
  }

  package static func of(_ source: String) -> [Token] { lexed(Array(source.utf8)).tokens }

  package struct Lexed {
    package var tokens: [Token]
    /// The tokens of each `\(…)` in a string, which `tokens` holds as part of the string.
    package var interpolations: [[Token]]
    /// Whether the source ends inside a block comment or a string: what follows its opening
    /// was read as part of it.
    package var endsOpen: Bool
  }

  package static func lexed(_ bytes: [UInt8]) -> Lexed {
    var lexer = Lexer(bytes: bytes)
    var tokens: [Token] = []
    lexer.lex(into: &tokens, until: nil)
    return Lexed(
      tokens: tokens, interpolations: lexer.interpolations, endsOpen: lexer.endsOpen)
  }

  struct Lexer {
    let bytes: [UInt8]
    var position = 0
    var interpolations: [[Token]] = []
    var endsOpen = false

    init(bytes: [UInt8], position: Int = 0) {
      self.bytes = bytes
      self.position = position
    }

    func byte(_ offset: Int = 0) -> UInt8? {
      position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// What comes right before a token: white space or a comment, a line break.
    struct Spacing {
      var space: Bool
      var lineBreak: Bool
      static let none = Spacing(space: false, lineBreak: false)
    }

    /// Lexes up to the end, or up to the `)` that closes an interpolation when `until` is
    /// `)` (which it consumes).
    mutating func lex(into tokens: inout [Token], until closer: UInt8?) {
      var spacing = Spacing(space: true, lineBreak: position == 0)
      var depth = 0
      while let c = byte() {
        if let holdsLineBreak = skipTrivia(c) {
          spacing.space = true
          spacing.lineBreak = spacing.lineBreak || holdsLineBreak
          continue
        }
        if let closer {
          if c == closer, depth == 0 {
            position += 1
            return
          }
          depth += c == closer ? -1 : c == UInt8(ascii: "(") ? 1 : 0
        }
        switch c {
        case UInt8(ascii: "\""): tokens.append(string(spacing))
        case UInt8(ascii: "#"): tokens.append(hashLed(spacing))
        default:
          if let word = word(c, spacing) {
            tokens.append(word)
          } else if !lexOperator(c, spacing, into: &tokens) {
            tokens.append(punctuation(spacing))
          }
        }
        spacing = .none
      }
    }

    /// The token from `start` to the position.
    func token(_ kind: Token.Kind, from start: Int, _ spacing: Spacing) -> Token {
      let text = text(from: start)
      return Token(
        kind: kind, text: text,
        keyword: kind == .identifier ? SwiftKeyword.byText[text] : nil,
        punctuation: kind == .punctuation && text.utf8.count == 1
          ? text.utf8.first.flatMap(SwiftPunctuation.init(rawValue:)) : nil,
        spaceBefore: spacing.space, lineBreakBefore: spacing.lineBreak, start: start,
        end: position)
    }

    /// The string literal that opens at the position.
    mutating func string(_ spacing: Spacing) -> Token {
      let start = position
      skipString(hashes: 0)
      return token(.string, from: start, spacing)
    }

    /// What a `#` starts: a raw string (`#"…"#`), a regular expression (`#/…/#`), or the `#`
    /// alone (`#if`, `#selector`).
    mutating func hashLed(_ spacing: Spacing) -> Token {
      let start = position
      var hashes = 0
      while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
      switch byte(hashes) {
      case UInt8(ascii: "\""):
        position += hashes
        skipString(hashes: hashes)
        return token(.string, from: start, spacing)
      case UInt8(ascii: "/"):
        position += hashes
        skipRegex(hashes: hashes)
        return token(.regex, from: start, spacing)
      default:
        position += 1
        return token(.punctuation, from: start, spacing)
      }
    }

    /// The name or number at the position (its first byte `c`); `nil` when none starts there.
    mutating func word(_ c: UInt8, _ spacing: Spacing) -> Token? {
      let start = position
      guard skipWord(c) else { return nil }
      return token((48...57).contains(c) ? .number : .identifier, from: start, spacing)
    }

    /// Lexes the operator at the position (its first byte `c`), or the regular expression a
    /// `/` opens there with any prefix operator glued to it (`!/x/`); `false`, moving nothing,
    /// when neither starts there.
    mutating func lexOperator(_ c: UInt8, _ spacing: Spacing, into tokens: inout [Token]) -> Bool {
      guard
        operatorCharacter(head: true) > 0
          || (c == UInt8(ascii: ".") && byte(1).map(Self.isDotOperator) == true)
      else { return false }
      let start = position
      if c == UInt8(ascii: "?") || c == UInt8(ascii: "!"), isLeftBound(start) {
        position += 1
        tokens.append(token(.operator(.postfix), from: start, spacing))
      } else if let regex = bareRegex(after: tokens.last, and: tokens.dropLast().last) {
        var spacing = spacing
        if regex.slash > start {
          position = regex.slash
          tokens.append(token(.operator(fixity(from: start)), from: start, spacing))
          spacing = .none
        }
        position = regex.end
        tokens.append(token(.regex, from: regex.slash, spacing))
      } else {
        skipOperator(c)
        tokens.append(token(.operator(fixity(from: start)), from: start, spacing))
      }
      return true
    }

    /// The punctuation byte at the position: a bracket, `,`, `:`, `;`, `.`, `@`, a backslash, or a
    /// byte no other token takes.
    mutating func punctuation(_ spacing: Spacing) -> Token {
      let start = position
      position += 1
      return token(.punctuation, from: start, spacing)
    }

    /// How the operator from `start` to the position applies (``Token/Fixity``).
    func fixity(from start: Int) -> Token.Fixity {
      let left = isLeftBound(start)
      let right = isRightBound(position, leftBound: left)
      if left == right { return .binary }
      return left ? .postfix : .prefix
    }

    /// The UTF-8 length of the operator character at the position (`+`, or a Unicode one such
    /// as `≈` or `∘`), `head` when it must be able to start an operator; 0 when there is none.
    func operatorCharacter(head: Bool) -> Int {
      guard let c = byte() else { return 0 }
      if c < 0x80 { return Self.isOperator(c) ? 1 : 0 }
      let (value, length) = scalar()
      return length > 1 && Self.isOperatorScalar(value, head: head) ? length : 0
    }

    /// The scalar that starts at the position (past ASCII) and its UTF-8 length; a length of 1
    /// for a byte that starts none.
    func scalar() -> (value: UInt32, length: Int) {
      guard let c = byte() else { return (0, 0) }
      let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1
      guard length > 1, position + length <= bytes.count else { return (UInt32(c), 1) }
      var value = UInt32(c) & (0xFF >> (length + 1))
      for offset in 1..<length { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
      return (value, length)
    }

    /// Whether the scalar at the position (past ASCII) may be part of a name: swift-syntax's
    /// identifier characters, a byte-order mark left out.
    func startsName() -> Bool {
      let (value, length) = scalar()
      return length > 1 && value != 0xFEFF && Self.nameScalars.contains { $0.contains(value) }
    }

    /// The characters beyond ASCII that names may hold (N1518's annex X.1, as Swift takes it).
    static let nameScalars: [ClosedRange<UInt32>] =
      [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
        0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D,
        0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8,
      ] + (0x1...0xE).map { plane in (plane << 16)...(plane << 16 | 0xFFFD) }

    /// Swift's operator characters beyond ASCII (the grammar's operator-head and
    /// operator-character).
    static func isOperatorScalar(_ value: UInt32, head: Bool) -> Bool {
      let heads: [ClosedRange<UInt32>] = [
        0xA1...0xA7, 0xA9...0xA9, 0xAB...0xAC, 0xAE...0xAE, 0xB0...0xB1, 0xB6...0xB6,
        0xBB...0xBB, 0xBF...0xBF, 0xD7...0xD7, 0xF7...0xF7, 0x2016...0x2017, 0x2020...0x2027,
        0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775,
        0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3020, 0x3030...0x3030,
      ]
      let continuations: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
        0xE0100...0xE01EF,
      ]
      return heads.contains { $0.contains(value) }
        || (!head && continuations.contains { $0.contains(value) })
    }

    func text(from start: Int) -> String {
      String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func skipBlockComment() {
      position += 2
      var depth = 1
      while let c = byte(), depth > 0 {
        if c == UInt8(ascii: "/") && byte(1) == UInt8(ascii: "*") {
          depth += 1
          position += 2
        } else if c == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/") {
          depth -= 1
          position += 2
        } else {
          position += 1
        }
      }
      if depth > 0 { endsOpen = true }
    }

    /// From the opening quote of a string with `hashes` `#`s, past its closing delimiter.
    private mutating func skipString(hashes: Int) {
      // `"""` opens a multi-line literal only when the line ends after it: `#"""#` is a raw
      // string holding one quote.
      var multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
      if multiline {
        var offset = 3
        while byte(offset) == UInt8(ascii: " ") || byte(offset) == UInt8(ascii: "\t") {
          offset += 1
        }
        multiline = byte(offset) == UInt8(ascii: "\n") || byte(offset) == UInt8(ascii: "\r")
      }
      position += multiline ? 3 : 1
      while let c = byte() {
        if c == UInt8(ascii: "\\") && hasHashes(hashes, at: 1) {
          position += 1 + hashes
          if byte() == UInt8(ascii: "(") {
            position += 1
            var inner: [Token] = []
            let slot = interpolations.count
            interpolations.append([])
            lex(into: &inner, until: UInt8(ascii: ")"))
            interpolations[slot] = inner
          } else {
            position += 1
          }
          continue
        }
        if c == UInt8(ascii: "\"") {
          let quotes = multiline ? 3 : 1
          if (0..<quotes).allSatisfy({ byte($0) == UInt8(ascii: "\"") }),
            hasHashes(hashes, at: quotes)
          {
            position += quotes + hashes
            return
          }
        }
        if c == UInt8(ascii: "\n") && !multiline { return }
        position += 1
      }
      endsOpen = true
    }

    func hasHashes(_ count: Int, at offset: Int) -> Bool {
      (0..<count).allSatisfy { byte(offset + $0) == UInt8(ascii: "#") }
    }

    static func startsIdentifier(_ c: UInt8) -> Bool {
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 36 || c >= 0x80
    }

    static func continuesIdentifier(_ c: UInt8) -> Bool {
      startsIdentifier(c) || (c >= 48 && c <= 57)
    }

    static func isOperator(_ c: UInt8) -> Bool {
      switch c {
      case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
        UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
        UInt8(ascii: "~"), UInt8(ascii: "?"):
        return true
      default:
        return false
      }
    }

    /// Whether a `.` followed by `c` starts a dot-operator (`..<`, `...`, `.==`).
    static func isDotOperator(_ c: UInt8) -> Bool { c == UInt8(ascii: ".") || isOperator(c) }
  }
}
