import Foundation
import HTTPTypes

/// What `.http` never writes: the values of secret header fields, the user information of a
/// URL (`https://ann:pw@host`), and credential parameters of a query or a form
/// (`?access_token=…`, `api_key`, `signature`), wherever they stand: the request's target and
/// `Host`, every field value, a form body.
///
/// What says what kind of secret it was (`Bearer`, a cookie's or a parameter's name) is kept.
struct HTTPSecrets {
  /// Header fields whose values are written as they are although they hold secrets.
  var revealing: Set<HTTPField.Name> = []

  /// Fields whose values are secrets: never written unless revealed by name.
  static let fields: [HTTPField.Name] = [
    .authorization, .proxyAuthorization, .cookie, .setCookie,
  ]

  static let placeholder = "<redacted>"

  /// A field's value, with a secret field's replaced and URL credentials taken out of any other.
  func value(of field: HTTPField, _ text: String) -> String {
    guard Self.fields.contains(field.name), !revealing.contains(field.name) else {
      return Self.withoutCredentials(inURLs: text)
    }
    switch field.name {
    case .authorization, .proxyAuthorization:
      // `Bearer abc…`: the scheme, then the placeholder.
      let parts = text.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0 == "-" }) else {
        return Self.placeholder
      }
      return "\(parts[0]) \(Self.placeholder)"
    case .setCookie:
      // `id=abc; Path=/; HttpOnly`: the cookie's value only; its attributes are no secret.
      var parts = text.split(separator: ";", omittingEmptySubsequences: false)
      if let first = parts.first { parts[0] = Substring(Self.redactingValue(of: first)) }
      return parts.joined(separator: ";")
    default:
      // `Cookie: a=1; b=2`: every value.
      return text.split(separator: ";").map { Self.redactingValue(of: $0) }
        .joined(separator: ";")
    }
  }

  /// `name=value` as `name=<redacted>`, its spaces kept.
  private static func redactingValue(of pair: Substring) -> String {
    guard let equals = pair.firstIndex(of: "=") else { return placeholder }
    return pair[...equals] + placeholder
  }

  /// An authority (`ann:pw@example.com`) without its user information.
  static func authority(_ authority: String) -> String {
    guard let at = authority.lastIndex(of: "@") else { return authority }
    return placeholder + authority[at...]
  }

  /// Text with the user information of each URL in it and each credential parameter of a
  /// query replaced.
  static func withoutCredentials(inURLs text: String) -> String {
    guard text.contains("@") || text.contains("=") else { return text }
    return
      text
      .replacing(#/(?i)\b([a-z][a-z0-9+.\-]*://)[^/?#@\s]+@/#) { "\($0.1)\(placeholder)@" }
      .replacing(#/([?&;])([^=&;#?\s]+)=[^&;#\s]*/#) { parameter in
        isCredential(parameter.2)
          ? "\(parameter.1)\(parameter.2)=\(placeholder)" : String(parameter.0)
      }
  }

  /// A form body (`user=ann&password=pw`) with its credential parameters replaced.
  static func withoutCredentials(inForm text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String(withoutCredentials(inURLs: "&" + $0).dropFirst())
    }.joined(separator: "\n")
  }

  /// Whether a query parameter's name says it holds a credential: `access_token`, `apiKey`,
  /// `X-Amz-Signature`, `client_secret`, `password`, `key`, `sig`.
  static func isCredential(_ name: Substring) -> Bool {
    let word = String(name.lowercased().unicodeScalars.filter(CharacterSet.alphanumerics.contains))
    return ["key", "sig", "pwd", "pass", "auth", "credential", "credentials"].contains(word)
      || ["token", "secret", "password", "passwd", "signature", "apikey", "credential"].contains {
        word.hasSuffix($0)
      }
  }
}
