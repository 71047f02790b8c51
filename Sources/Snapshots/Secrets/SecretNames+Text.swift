import Foundation

/// Secrets taken out of the text a strategy writes: header fields, URLs, forms and JSON.
///
/// What says what kind of secret it was (`Bearer`, a cookie's or a parameter's name) is kept;
/// only values become ``SecretNames/placeholder``.
extension SecretNames {
  /// A header field's value, replaced when its name is a secret's, with the credentials of
  /// any URL in it taken out otherwise.
  ///
  /// `Authorization: Bearer abc` keeps its scheme, `Cookie: a=1; b=2` its cookies' names,
  /// `Set-Cookie: id=abc; Path=/` its attributes.
  public func headerValue(named name: String, _ value: String) -> String {
    guard contains(name) else { return withoutCredentials(inURLs: value) }
    let letters = Self.letters(of: name)
    if letters.count >= 13, letters.suffix(13).elementsEqual("authorization".utf8) {
      let parts = value.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0 == "-" }) else {
        return Self.placeholder
      }
      return "\(parts[0]) \(Self.placeholder)"
    }
    if letters.elementsEqual("setcookie".utf8) {
      // The cookie's value only; its attributes are no secret.
      var parts = value.split(separator: ";", omittingEmptySubsequences: false)
      if let first = parts.first { parts[0] = Substring(Self.redactingValue(of: first)) }
      return parts.joined(separator: ";")
    }
    if letters.elementsEqual("cookie".utf8) {
      return value.split(separator: ";").map { Self.redactingValue(of: $0) }.joined(separator: ";")
    }
    return Self.placeholder
  }

  /// `name=value` as `name=<redacted>`, its spaces kept.
  private static func redactingValue(of pair: Substring) -> String {
    guard let equals = pair.firstIndex(of: "=") else { return placeholder }
    return pair[...equals] + placeholder
  }

  /// An authority (`ann:pw@example.com`) without its user information.
  public static func authority(_ authority: String) -> String {
    guard let at = authority.lastIndex(of: "@") else { return authority }
    return placeholder + authority[at...]
  }

  /// Text with the user information of each URL in it (`https://ann:pw@host`) and each
  /// secret parameter of a query (`?access_token=…`, `;jsessionid=…`) replaced.
  public func withoutCredentials(inURLs text: String) -> String {
    // The expressions only where they can match: this runs on every line of every body.
    let marks = Marks(text.utf8)
    var text = text
    if marks.url {
      text.replace(#/(?i)\b([a-z][a-z0-9+.\-]*://)[^/?#@\s]+@/#) { "\($0.1)\(Self.placeholder)@" }
    }
    if marks.parameter && hasSecretParameter(text.utf8) {
      text.replace(#/([?&;])([^=&;#?\s]+)=[^&;#\s]*/#) { parameter in
        isSecretParameter(parameter.2)
          ? "\(parameter.1)\(parameter.2)=\(Self.placeholder)" : String(parameter.0)
      }
    }
    return text
  }

  /// A form body (`user=ann&password=pw`) with its secret parameters replaced.
  public func withoutCredentials(inForm text: String) -> String {
    // Line by line, over the bytes: only a marked line can change, and the text is copied
    // only up to a line that does.
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    var copied = 0
    var lineStart = 0
    while lineStart <= bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let marks = Marks(bytes[lineStart..<lineEnd])
      if marks.url || marks.parameter {
        let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        let redacted = withoutCredentials(inURLs: "&" + line).dropFirst()
        if redacted != line {
          output += bytes[copied..<lineStart] + redacted.utf8
          copied = lineEnd
        }
      }
      lineStart = lineEnd + 1
    }
    guard copied > 0 else { return text }
    return String(decoding: output + bytes[copied...], as: UTF8.self)
  }

  /// What a text holds that a credential in a URL or a query needs.
  private struct Marks {
    /// A `=`: a parameter.
    var parameter = false
    /// A `://` and an `@`: user information.
    var url = false

    init(_ bytes: some Collection<UInt8>) {
      var at = false
      var scheme = false
      var previous: (UInt8, UInt8) = (0, 0)
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "="): parameter = true
        case UInt8(ascii: "@"): at = true
        case UInt8(ascii: "/") where previous == (UInt8(ascii: ":"), UInt8(ascii: "/")):
          scheme = true
        default: break
        }
        previous = (previous.1, byte)
      }
      url = at && scheme
    }
  }

  /// Whether a parameter the expression below replaces is a secret's.
  ///
  /// A parameter is a name after `?`, `&` or `;`, up to a `=`. The expression costs a hundred
  /// times this scan, and most text with a `=` (a log line, an SQL statement in a span) has no
  /// such parameter.
  private func hasSecretParameter(_ bytes: String.UTF8View) -> Bool {
    let bytes = Array(bytes)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "=") {
      var start = index
      while start > 0, !Self.endsParameterName(bytes[start - 1]) { start -= 1 }
      guard start > 0, start < index,
        [UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: ";")]
          .contains(bytes[start - 1])
      else { continue }
      if isSecretParameter(Substring(decoding: bytes[start..<index], as: UTF8.self)) {
        return true
      }
    }
    return false
  }

  /// A byte a parameter's name cannot hold: `=`, `&`, `;`, `#`, `?` or a space.
  private static func endsParameterName(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "#"),
      UInt8(ascii: "?"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
      UInt8(ascii: "\r"), 0x0B, 0x0C:
      return true
    default: return false
    }
  }

  private func isSecretParameter(_ name: Substring) -> Bool {
    contains(name.replacing("+", with: " ").removingPercentEncoding ?? String(name))
  }

  /// A body written as text with its secrets replaced: the values of JSON members the list
  /// names (``withoutSecrets(inJSON:)``), then the parameters of a form and the credentials
  /// of URLs (``withoutCredentials(inForm:)``).
  public func withoutSecrets(inBody text: String) -> String {
    withoutCredentials(inForm: withoutSecrets(inJSON: text))
  }
}
