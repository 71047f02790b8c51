import Foundation
import HTTPTypes

/// How a message is written as text: HTTP/1.1's shape (the request or status line, the header
/// fields in their order, a blank line, the body), with secrets replaced (`SecretNames`: in
/// the target, `Host`, every field, a form or JSON body) and bodies made readable (``HTTPBody``).
///
/// `SnapshotsObservability` writes a request's document around it.
package struct HTTPText {
  var secrets = SecretNames.default

  package init(secrets: SecretNames) { self.secrets = secrets }

  package func text(of exchange: HTTPExchange) -> String {
    text(.request(exchange.request), body: exchange.requestBody) + "\n"
      + text(.response(exchange.response), body: exchange.responseBody)
  }

  func text(_ head: HTTPMessage.Head, body: [UInt8]) -> String {
    var lines: [String]
    let fields: HTTPFields
    switch head {
    case .request(let request):
      let target = secrets.withoutCredentials(inURLs: request.path ?? "*")
      lines = ["\(request.method.rawValue) \(target) HTTP/1.1"]
      if let authority = request.authority {
        lines.append("Host: \(SecretNames.authority(authority))")
      }
      fields = request.headerFields
    case .response(let response):
      let reason = response.status.reasonPhrase
      lines = ["HTTP/1.1 \(response.status.code)\(reason.isEmpty ? "" : " " + reason)"]
      fields = response.headerFields
    }
    for field in fields {
      let value = secrets.headerValue(named: field.name.rawName, Self.value(of: field))
      lines.append("\(field.name.rawName): \(value)")
    }
    var text = lines.joined(separator: "\n") + "\n"
    if !body.isEmpty {
      // Every body, whatever its type says: JSON in a text body, a form sent as text, a JSON
      // body that does not parse are written as they are.
      let written = HTTPBody.text(
        body, contentType: fields[.contentType], contentEncoding: fields[.contentEncoding])
      text += "\n" + secrets.withoutSecrets(inBody: written)
    }
    return text
  }

  /// A field's value as its bytes say, each byte that is not UTF-8 written `\xHH`: HTTPTypes'
  /// `value` would make every such byte U+FFFD, so that different values read the same.
  static func value(of field: HTTPField) -> String {
    field.withUnsafeBytesOfValue { bytes in
      if let text = String(validating: bytes, as: UTF8.self) { return text }
      var text = ""
      var iterator = bytes.makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      var offset = 0
      while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded):
          text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
          offset += encoded.count
        case .error(let length):
          for byte in bytes[offset..<offset + length] {
            text += (byte < 0x10 ? "\\x0" : "\\x") + String(byte, radix: 16, uppercase: true)
          }
          offset += length
        case .emptyInput:
          return text
        }
      }
    }
  }
}
