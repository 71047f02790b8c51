import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Snapshotting where Value == URLRequest, Format == String {
  /// The request as HTTP-like text: method and URL (query items sorted), headers sorted, body.
  ///
  /// ```swift
  /// assertSnapshot(of: request, as: .raw)
  /// ```
  ///
  /// Records:
  ///
  /// ```
  /// POST https://api.example.com/articles?draft=true&lang=en
  /// Content-Type: application/json
  ///
  /// {"title":"Hi"}
  /// ```
  public static var raw: Snapshotting { .raw(pretty: false) }

  /// The request as HTTP-like text; with `pretty`, a JSON body is pretty-printed with sorted keys.
  ///
  /// Secrets are never written (see ``SecretNames``): the values of secret headers, the user
  /// information and secret parameters of the URL, and in the body, a form's secret
  /// parameters and a JSON document's secret members, at any depth; every other byte is kept.
  public static func raw(pretty: Bool, secrets: SecretNames = .default) -> Snapshotting {
    SimplySnapshotting.lines.pullback { (request: URLRequest) in
      let url = request.url.map { secrets.withoutCredentials(inURLs: sortingQuery($0)) }
      let requestLine = "\(request.httpMethod ?? "GET") \(url ?? "(null)")"
      let headers = (request.allHTTPHeaderFields ?? [:]).map {
        "\($0): \(secrets.headerValue(named: $0, $1))"
      }.sorted()
      let body = request.httpBody.map { "\n" + bodyText($0, pretty: pretty, secrets: secrets) }
      return ([requestLine] + headers + (body.map { [$0] } ?? [])).joined(separator: "\n")
    }
  }

  /// The request as a `curl` command that repeats it.
  ///
  /// ```swift
  /// assertSnapshot(of: request, as: .curl)
  /// ```
  ///
  /// Records:
  ///
  /// ```
  /// curl \
  /// 	--request POST \
  /// 	--header "Content-Type: application/json" \
  /// 	--data "{\"title\":\"Hi\"}" \
  /// 	"https://api.example.com/articles?draft=true"
  /// ```
  public static var curl: Snapshotting { .curl(secrets: .default) }

  /// The request as a `curl` command, its secrets replaced as ``raw(pretty:secrets:)`` replaces
  /// them.
  public static func curl(secrets: SecretNames) -> Snapshotting {
    SimplySnapshotting.lines.pullback { (request: URLRequest) in
      var parts = ["curl"]
      switch request.httpMethod ?? "GET" {
      case "GET": break
      case "HEAD": parts.append("--head")
      case let method: parts.append("--request \(method)")
      }
      let headers = request.allHTTPHeaderFields ?? [:]
      for name in headers.keys.sorted() where name != "Cookie" {
        let value = secrets.headerValue(named: name, headers[name] ?? "")
        parts.append("--header \"\(name): \(escapingQuotes(value))\"")
      }
      if let text = request.httpBody.flatMap({ String(data: $0, encoding: .utf8) }) {
        let written = secrets.withoutSecrets(inBody: text)
        let escaped = escapingQuotes(written.replacingOccurrences(of: "\\\"", with: "\\\\\""))
        parts.append("--data \"\(escaped)\"")
      }
      if let cookie = headers["Cookie"] {
        let value = secrets.headerValue(named: "Cookie", cookie)
        parts.append("--cookie \"\(escapingQuotes(value))\"")
      }
      let url = request.url.map { secrets.withoutCredentials(inURLs: sortingQuery($0)) }
      parts.append("\"\(url ?? "")\"")
      return parts.joined(separator: " \\\n\t")
    }
  }
}

private func escapingQuotes(_ text: String) -> String {
  text.replacingOccurrences(of: "\"", with: "\\\"")
}

/// The URL's text, its query items sorted.
private func sortingQuery(_ url: URL) -> String {
  guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
    return url.absoluteString
  }
  components.queryItems = components.queryItems?.sorted { $0.name < $1.name }
  return (components.url ?? url).absoluteString
}

private func bodyText(_ body: Data, pretty: Bool, secrets: SecretNames) -> String {
  if pretty,
    let object = try? JSONSerialization.jsonObject(with: body),
    let formatted = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
  {
    return secrets.withoutSecrets(inBody: String(decoding: formatted, as: UTF8.self))
  }
  return secrets.withoutSecrets(inBody: String(decoding: body, as: UTF8.self))
}
