import Foundation

/// The names whose values a strategy never writes, wherever they stand: header fields, query
/// and form parameters, JSON members at any depth, cookies.
///
/// One list serves every carrier, so `X-Api-Key` the header, `?api_key=` the parameter and
/// `"apiKey"` the JSON member are one name. Names are compared by their letters and digits,
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
  private var secret: [Pattern]
  private var kept: [Pattern] = []

  /// What a secret's value is written as: `Authorization: Bearer <redacted>`.
  public static let placeholder = "<redacted>"

  /// Exactly these names, and no others.
  public init(_ names: [String]) {
    secret = names.map(Pattern.init)
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
    let letters = Self.letters(of: String(name))
    return secret.contains { $0.matches(letters) } && !kept.contains { $0.matches(letters) }
  }

  /// A name as it is compared: its letters and digits, lowercased (and a pattern's `*`s).
  static func letters(of text: String, keeping star: Unicode.Scalar? = nil) -> String {
    var letters = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars
    where scalar == star || CharacterSet.alphanumerics.contains(scalar) {
      letters.append(scalar)
    }
    return String(letters)
  }

  /// A name or pattern by its letters and digits, lowercased, in pieces between its `*`s.
  private struct Pattern: Sendable, Equatable {
    let pieces: [String]

    init(_ text: String) {
      pieces = SecretNames.letters(of: text, keeping: "*").split(
        separator: "*", omittingEmptySubsequences: false
      ).map(String.init)
    }

    /// A glob: the first piece begins the name, the last ends it, the others are found in
    /// order between them.
    func matches(_ name: String) -> Bool {
      guard pieces.count > 1 else { return pieces == [name] }
      guard let first = pieces.first, let last = pieces.last,
        name.hasPrefix(first), name.count >= first.count + last.count,
        name.hasSuffix(last)
      else { return false }
      var rest = name.dropFirst(first.count).dropLast(last.count)
      for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
        guard let found = rest.firstRange(of: piece) else { return false }
        rest = rest[found.upperBound...]
      }
      return true
    }
  }
}
