import Foundation
import HTTPTypes
import Snapshots

extension Snapshotting where Value == HTTPExchange, Format == String {
  /// A request and its response as HTTP/1.1-shaped text, in that order: the request line and
  /// its header fields, its body, then the status line, its fields and its body.
  ///
  /// Secrets are replaced by `<redacted>`: the values of the header fields, query and form
  /// parameters and JSON members (at any depth) that `SecretNames.default` names
  /// (`Authorization`, `Cookie`, `X-Api-Key`, `access_token`, `password`, …; a scheme, cookie
  /// names and attributes kept), and a URL's user information. Bodies are written by content
  /// type: JSON canonical (keys sorted, numbers written one way), text as text, anything else as
  /// its size and SHA-256. `Date` values and other HTTP dates are filtered to numbered
  /// placeholders (`<date-1>`).
  public static var http: Snapshotting { http() }

  /// ``http`` with these secret names rather than `SecretNames.default`, and these filters
  /// after its own.
  ///
  /// ```swift
  /// assertSnapshot(of: exchange, as: .http(secrets: .default.adding("x-session")))
  /// ```
  public static func http(
    secrets: SecretNames = .default, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    httpText(secrets: secrets, filters: filters) { $0.text(of: $1) }
  }
}

extension Snapshotting where Value == HTTPMessage, Format == String {
  /// A request or a response with its body, as ``Snapshotting/http`` writes an exchange's.
  public static var http: Snapshotting { http() }

  public static func http(
    secrets: SecretNames = .default, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    httpText(secrets: secrets, filters: filters) { $0.text($1.head, body: $1.body) }
  }
}

extension Snapshotting where Value == HTTPRequest, Format == String {
  /// A request without a body.
  public static var http: Snapshotting { http() }

  public static func http(
    secrets: SecretNames = .default, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    httpText(secrets: secrets, filters: filters) { $0.text(.request($1), body: []) }
  }
}

extension Snapshotting where Value == HTTPResponse, Format == String {
  /// A response without a body.
  public static var http: Snapshotting { http() }

  public static func http(
    secrets: SecretNames = .default, filters: [SnapshotFilter] = []
  ) -> Snapshotting {
    httpText(secrets: secrets, filters: filters) { $0.text(.response($1), body: []) }
  }
}

extension Snapshotting where Format == String {
  /// The one way every HTTP strategy is made: text, `.http` files, HTTP dates filtered.
  fileprivate static func httpText(
    secrets: SecretNames, filters: [SnapshotFilter],
    _ write: @escaping (HTTPText, Value) -> String
  ) -> Snapshotting {
    let writer = HTTPText(secrets: secrets)
    var strategy = Snapshotting<String, String>.lines.pullback { write(writer, $0) }
      .filtered([.httpDates] + filters)
    strategy.pathExtension = "http"
    return strategy
  }
}

extension SnapshotFilter {
  /// A header field's value, whatever it is (a request id, a server's version): `<volatile>`.
  ///
  /// Only in a message's head, the lines from its request or status line to the first blank
  /// line: a body line that reads like the field is the body's. In each head, the field's
  /// first occurrence.
  public static func httpField(_ name: HTTPField.Name) -> SnapshotFilter {
    let escaped = NSRegularExpression.escapedPattern(for: name.rawName)
    let start = "(?:[A-Z]+ \\S+ HTTP/1\\.1|HTTP/1\\.1 \\d{3}.*)"
    var filter = SnapshotFilter.regex(
      "(?m)^(\(start)\\n(?:.+\\n)*?)((?i:\(escaped))): .*$", replacement: "$1$2: <volatile>")
    filter.name = "the \(name.rawName) field"
    return filter
  }
}

extension HTTPExchange: Snapshottable {
  public static var snapshotting: Snapshotting<HTTPExchange, String> { .http }
}

extension HTTPMessage: Snapshottable {
  public static var snapshotting: Snapshotting<HTTPMessage, String> { .http }
}

extension HTTPRequest: Snapshottable {
  public static var snapshotting: Snapshotting<HTTPRequest, String> { .http }
}

extension HTTPResponse: Snapshottable {
  public static var snapshotting: Snapshotting<HTTPResponse, String> { .http }
}
