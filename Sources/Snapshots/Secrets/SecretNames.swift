import Foundation

/// The names whose values a strategy never writes, wherever they stand: header fields, query
/// and form parameters, JSON members at any depth, cookies.
///
/// One list serves every carrier, so `X-Api-Key` the header, `?api_key=` the parameter and
/// `"apiKey"` the JSON member are secrets by one entry, `*apikey`. Names are compared by their letters and digits,
/// without case: `X-Api-Key`, `x_api_key`, `xApiKey` and `XAPIKEY` are the same. A `*` stands
/// for any letters: `*token` is every name that ends in `token` (`access_token`,
/// `X-Auth-Token`, `refreshToken`), `x-secret-*` every name that begins with `xsecret`.
///
/// ``default`` is the list every strategy uses unless told otherwise. Add names a service uses
/// for its own secrets, and keep one that a test must see:
///
/// ```swift
/// let secrets = SecretNames.default.adding("x-session", "otp").keeping("csrf_token")
/// ```
public struct SecretNames: Sendable, Equatable {
  private var secret: [Pattern] {
    didSet { endings = Pattern.endings(of: secret) }
  }
  private var kept: [Pattern] = []
  /// The last two letters a secret's name can end with; `nil` when any can: a name that ends
  /// otherwise is told apart without reading it further (most of a body's keys are).
  private var endings: Set<UInt16>?

  /// What a secret's value is written as: `Authorization: Bearer <redacted>`.
  public static let placeholder = "<redacted>"

  /// Exactly these names, and no others.
  public init(_ names: [String]) {
    secret = names.map(Pattern.init)
    endings = Pattern.endings(of: secret)
  }

  /// The names of credentials, as services spell them.
  ///
  /// `*token`, `*secret`, `*password`, `*passwd`, `*passphrase`, `*apikey`, `*accesskey`,
  /// `*secretkey`, `*privatekey`, `*signature`, `*credential`, `*credentials`,
  /// `*authorization`, `*cookie` and `*sessionid`; and `key`, `sig`, `pwd`, `pass` and
  /// `auth` alone (`idempotency_key` is no secret).
  public static let `default` = SecretNames([
    "*token", "*secret", "*password", "*passwd", "*passphrase", "*apikey", "*accesskey",
    "*secretkey", "*privatekey", "*signature", "*credential", "*credentials", "*authorization",
    "*cookie", "*sessionid", "key", "sig", "pwd", "pass", "auth",
  ])

  /// These names too.
  public func adding(_ names: String...) -> SecretNames {
    var copy = self
    copy.secret += names.map(Pattern.init)
    return copy
  }

  /// These names written as they are, although the list names them: `keeping("csrf_token")`
  /// shows that field and no other token.
  public func keeping(_ names: String...) -> SecretNames {
    var copy = self
    copy.kept += names.map(Pattern.init)
    return copy
  }

  /// Whether the value of `name` is a secret: the list names it and it is not kept.
  ///
  /// A query or form parameter's name is compared as it reads once percent-decoded.
  public func contains(_ name: some StringProtocol) -> Bool {
    let name = String(name)
    if let endings, let ending = Self.asciiEnding(of: name.utf8), !endings.contains(ending) {
      return false
    }
    let letters = Self.letters(of: name)
    return secret.contains { $0.matches(letters) } && !kept.contains { $0.matches(letters) }
  }

  /// The last two letters or digits of an ASCII name, lowercased, as one number; `nil` for a
  /// shorter name or any other.
  private static func asciiEnding(of name: some BidirectionalCollection<UInt8>) -> UInt16? {
    var ending: UInt16 = 0
    var count = 0
    for byte in name.reversed() {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        ending |= UInt16(byte) << (8 * count)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): ending |= UInt16(byte + 32) << (8 * count)
      case 0x80...: return nil
      default: continue
      }
      count += 1
      if count == 2 { return ending }
    }
    return nil
  }

  /// A name as it is compared: the UTF-8 of its letters and digits, lowercased (and a
  /// pattern's `*`s).
  ///
  /// Byte by byte for an ASCII name (a name is looked up for every key of every JSON body).
  static func letters(of text: String, keeping star: UInt8? = nil) -> [UInt8] {
    var letters: [UInt8] = []
    letters.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        letters.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters.append(byte + 32)
      case star: letters.append(byte)
      case 0x80...: return unicodeLetters(of: text, keeping: star)
      default: break
      }
    }
    return letters
  }

  private static func unicodeLetters(of text: String, keeping star: UInt8?) -> [UInt8] {
    var letters = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars
    where star.map({ scalar == Unicode.Scalar($0) }) == true
      || CharacterSet.alphanumerics.contains(scalar)
    {
      letters.append(scalar)
    }
    return Array(String(letters).utf8)
  }

  /// A name or pattern by its letters and digits, lowercased, in pieces between its `*`s.
  private struct Pattern: Sendable, Equatable {
    let pieces: [[UInt8]]

    /// What ``SecretNames/asciiEnding(of:)`` gives for the names the patterns match.
    static func endings(of patterns: [Pattern]) -> Set<UInt16>? {
      var endings: Set<UInt16> = []
      for pattern in patterns {
        // Ends in `*`, in fewer than two letters or in one beyond ASCII: any name may match.
        guard let last = pattern.pieces.last, last.count >= 2,
          last.suffix(2).allSatisfy({ $0 < 0x80 })
        else { return nil }
        endings.insert(UInt16(last[last.count - 1]) | UInt16(last[last.count - 2]) << 8)
      }
      return endings
    }

    init(_ text: String) {
      pieces = SecretNames.letters(of: text, keeping: UInt8(ascii: "*")).split(
        separator: UInt8(ascii: "*"), omittingEmptySubsequences: false
      ).map(Array.init)
    }

    /// A glob: the first piece begins the name, the last ends it, the others are found in
    /// order between them.
    func matches(_ name: [UInt8]) -> Bool {
      guard pieces.count > 1 else { return pieces == [name] }
      guard let first = pieces.first, let last = pieces.last,
        name.count >= first.count + last.count, name.starts(with: first),
        name[(name.count - last.count)...].elementsEqual(last)
      else { return false }
      var rest = name[first.count..<(name.count - last.count)]
      for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
        guard let found = rest.indices.first(where: { rest[$0...].starts(with: piece) }) else {
          return false
        }
        rest = rest[(found + piece.count)...]
      }
      return true
    }
  }
}
