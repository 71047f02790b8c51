/// Swift source as tokens, enough to find declarations and calls.
///
/// Identifiers (keywords and backticked names too), operators and punctuation are tokens of
/// their own; a string literal is one string token, a `#/…/#` regular expression or a number
/// one literal token, and comments are left out. The expressions interpolated in strings are
/// lexed too, apart (``Lexed/interpolations``).
enum SwiftTokens {
  struct Token {
    enum Kind { case identifier, `operator`, punctuation, string, literal }
    var kind: Kind
    var text: String
    /// Whether whitespace or a comment comes right before it: `Array<Int>` is a generic type,
    /// `a < b` a comparison.
    var spaceBefore: Bool
    /// Whether a line break comes before it (in whitespace or a comment): `(` there starts
    /// an expression of its own rather than calling the one before.
    var lineBreakBefore: Bool
    /// Its UTF-8 offsets in the source.
    var start: Int
    var end: Int

    func isKeyword(_ word: String) -> Bool { kind == .identifier && text == word }
    func isOperator(_ symbol: String) -> Bool { kind == .operator && text == symbol }
    func isPunctuation(_ symbol: String) -> Bool { kind == .punctuation && text == symbol }

    /// How many generic clauses the token opens (positive) or closes (negative): `<`, `>`,
    /// `>>`, `>?`; never an arrow.
    var angleChange: Int {
      guard kind == .operator, text != "->" else { return 0 }
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

  static func of(_ source: String) -> [Token] { lexed(Array(source.utf8)).tokens }

  struct Lexed {
    var tokens: [Token]
    /// The tokens of each `\(…)` in a string, which `tokens` holds as part of the string.
    var interpolations: [[Token]]
  }

  static func lexed(_ bytes: [UInt8]) -> Lexed {
    var lexer = Lexer(bytes: bytes)
    var tokens: [Token] = []
    lexer.lex(into: &tokens, until: nil)
    return Lexed(tokens: tokens, interpolations: lexer.interpolations)
  }

  private struct Lexer {
    let bytes: [UInt8]
    var position = 0
    var interpolations: [[Token]] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ offset: Int = 0) -> UInt8? {
      position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// Lexes up to the end, or up to the `)` that closes an interpolation when `until` is
    /// `)` (which it consumes).
    mutating func lex(into tokens: inout [Token], until closer: UInt8?) {
      var space = true
      var lineBreak = position == 0
      var depth = 0
      func token(_ kind: Token.Kind, _ text: String, from start: Int) -> Token {
        Token(
          kind: kind, text: text, spaceBefore: space, lineBreakBefore: lineBreak, start: start,
          end: position)
      }
      while let c = byte() {
        let start = position
        switch c {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B,
          0x0C:
          position += 1
          space = true
          if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") { lineBreak = true }
          continue
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
          while let next = byte(), next != UInt8(ascii: "\n") { _ = next; position += 1 }
          space = true
          continue
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
          skipBlockComment()
          space = true
          if bytes[start..<position].contains(UInt8(ascii: "\n")) { lineBreak = true }
          continue
        case UInt8(ascii: "\""):
          skipString(hashes: 0)
          tokens.append(token(.string, text(from: start), from: start))
        case UInt8(ascii: "#"):
          var hashes = 0
          while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
          if byte(hashes) == UInt8(ascii: "\"") {
            position += hashes
            skipString(hashes: hashes)
            tokens.append(token(.string, text(from: start), from: start))
          } else if byte(hashes) == UInt8(ascii: "/") {
            position += hashes
            skipRegex(hashes: hashes)
            tokens.append(token(.literal, "/ /", from: start))
          } else {
            position += 1
            tokens.append(token(.punctuation, "#", from: start))
          }
        case UInt8(ascii: "`"):
          position += 1
          while let next = byte(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") {
            _ = next
            position += 1
          }
          if byte() == UInt8(ascii: "`") { position += 1 }
          tokens.append(token(.identifier, text(from: start), from: start))
        case _ where Self.startsIdentifier(c):
          position += 1
          while let next = byte(), Self.continuesIdentifier(next) { _ = next; position += 1 }
          tokens.append(token(.identifier, text(from: start), from: start))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          position += 1
          while let next = byte(),
            Self.continuesIdentifier(next)
              || (next == UInt8(ascii: ".") && (byte(1).map { (48...57).contains($0) } ?? false))
          {
            position += 1
          }
          tokens.append(token(.literal, text(from: start), from: start))
        case _
        where Self.isOperator(c)
          || (c == UInt8(ascii: ".") && byte(1).map(Self.isDotOperator) == true):
          let dotted = c == UInt8(ascii: ".")
          position += 1
          while let next = byte(),
            Self.isOperator(next) || (dotted && next == UInt8(ascii: "."))
          {
            // `/*` and `//` start comments even right after an operator.
            if next == UInt8(ascii: "/"),
              byte(1) == UInt8(ascii: "/") || byte(1) == UInt8(ascii: "*")
            {
              break
            }
            position += 1
          }
          tokens.append(token(.operator, text(from: start), from: start))
        default:
          position += 1
          if let closer {
            if c == UInt8(ascii: "(") { depth += 1 }
            if c == closer {
              if depth == 0 { return }
              depth -= 1
            }
          }
          tokens.append(token(.punctuation, text(from: start), from: start))
        }
        space = false
        lineBreak = false
      }
    }

    private func text(from start: Int) -> String {
      String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipBlockComment() {
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
    }

    /// From the `/` of a `#/…/#` expression, past its closing `/` and `#`s.
    private mutating func skipRegex(hashes: Int) {
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

    private func hasHashes(_ count: Int, at offset: Int) -> Bool {
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
