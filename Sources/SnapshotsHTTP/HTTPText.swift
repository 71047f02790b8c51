import Foundation
import HTTPTypes
import SnapshotsJSON

/// How a message is written as text: HTTP/1.1's shape (the request or status line, the header
/// fields in their order, a blank line, the body), with secrets replaced and bodies made
/// readable by their content type.
struct HTTPText {
  /// Header fields whose values are written as they are although they hold secrets.
  var revealing: Set<HTTPField.Name> = []

  /// Fields whose values are secrets: never written unless revealed by name.
  static let secrets: [HTTPField.Name] = [
    .authorization, .proxyAuthorization, .cookie, .setCookie,
  ]

  static let placeholder = "<redacted>"

  func text(of exchange: HTTPExchange) -> String {
    text(.request(exchange.request), body: exchange.requestBody) + "\n"
      + text(.response(exchange.response), body: exchange.responseBody)
  }

  func text(_ head: HTTPMessage.Head, body: [UInt8]) -> String {
    var lines: [String]
    let fields: HTTPFields
    switch head {
    case .request(let request):
      lines = ["\(request.method.rawValue) \(request.path ?? "*") HTTP/1.1"]
      if let authority = request.authority {
        lines.append("Host: \(authority)")
      }
      fields = request.headerFields
    case .response(let response):
      let reason = response.status.reasonPhrase
      lines = ["HTTP/1.1 \(response.status.code)\(reason.isEmpty ? "" : " " + reason)"]
      fields = response.headerFields
    }
    for field in fields {
      lines.append("\(field.name.rawName): \(value(of: field))")
    }
    var text = lines.joined(separator: "\n") + "\n"
    if !body.isEmpty {
      text += "\n" + Self.body(body, contentType: fields[.contentType])
    }
    return text
  }

  /// A field's value, with a secret's replaced: what says what kind it is (`Bearer`, a
  /// cookie's name and attributes) is kept.
  private func value(of field: HTTPField) -> String {
    guard Self.secrets.contains(field.name), !revealing.contains(field.name) else {
      return field.value
    }
    switch field.name {
    case .authorization, .proxyAuthorization:
      // `Bearer abc…`: the scheme, then the placeholder.
      let parts = field.value.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0 == "-" }) else {
        return Self.placeholder
      }
      return "\(parts[0]) \(Self.placeholder)"
    case .setCookie:
      // `id=abc; Path=/; HttpOnly`: the cookie's value only; its attributes are no secret.
      var parts = field.value.split(separator: ";", omittingEmptySubsequences: false)
      if let first = parts.first { parts[0] = Substring(Self.redactingValue(of: first)) }
      return parts.joined(separator: ";")
    default:
      // `Cookie: a=1; b=2`: every value.
      return field.value.split(separator: ";").map { Self.redactingValue(of: $0) }
        .joined(separator: ";")
    }
  }

  /// `name=value` as `name=<redacted>`, its spaces kept.
  private static func redactingValue(of pair: Substring) -> String {
    guard let equals = pair.firstIndex(of: "=") else { return placeholder }
    return pair[...equals] + placeholder
  }

  /// A body as text a reader can diff: JSON canonical (keys sorted, numbers written one way,
  /// two-space indent), text as it is, anything else as its size and SHA-256, never its bytes.
  static func body(_ body: [UInt8], contentType: String?) -> String {
    let mediaType =
      contentType?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    let text = String(validating: body, as: UTF8.self)
    if mediaType == "application/json" || mediaType.hasSuffix("+json") {
      do {
        return Self.endingInNewline(try JSONValue(parsing: body).normalizingNumbers().canonicalText)
      } catch {
        let said = "<the body says \(mediaType) but is not JSON: \(error)>\n"
        return said + (text.map(Self.endingInNewline) ?? binary(body))
      }
    }
    if let text, isText(mediaType) || mediaType.isEmpty && !text.contains(where: isControl) {
      return endingInNewline(text)
    }
    return binary(body)
  }

  private static func endingInNewline(_ text: String) -> String {
    text.hasSuffix("\n") ? text : text + "\n"
  }

  private static func binary(_ body: [UInt8]) -> String {
    "<\(body.count) bytes, SHA-256 \(SHA256.hex(body))>\n"
  }

  /// Media types written as text: `text/*`, forms, XML, JavaScript.
  private static func isText(_ mediaType: String) -> Bool {
    mediaType.hasPrefix("text/") || mediaType.hasSuffix("+xml")
      || [
        "application/x-www-form-urlencoded", "application/xml", "application/javascript",
        "application/x-ndjson", "application/graphql",
      ].contains(mediaType)
  }

  private static func isControl(_ character: Character) -> Bool {
    character.unicodeScalars.contains {
      $0.value < 0x20 && $0 != "\n" && $0 != "\r" && $0 != "\t" || $0.value == 0x7F
    }
  }
}
