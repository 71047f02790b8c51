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
  public static func raw(pretty: Bool) -> Snapshotting {
    SimplySnapshotting.lines.pullback { (request: URLRequest) in
      let requestLine =
        "\(request.httpMethod ?? "GET") \(request.url.map(sortingQuery)?.absoluteString ?? "(null)")"
      let headers = (request.allHTTPHeaderFields ?? [:]).map { "\($0): \($1)" }.sorted()
      let body = request.httpBody.map { ["\n" + bodyText($0, pretty: pretty)] } ?? []
      return ([requestLine] + headers + body).joined(separator: "\n")
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
  public static var curl: Snapshotting {
    SimplySnapshotting.lines.pullback { (request: URLRequest) in
      var parts = ["curl"]
      switch request.httpMethod ?? "GET" {
      case "GET": break
      case "HEAD": parts.append("--head")
      case let method: parts.append("--request \(method)")
      }
      let headers = request.allHTTPHeaderFields ?? [:]
      for name in headers.keys.sorted() where name != "Cookie" {
        parts.append("--header \"\(name): \(escapingQuotes(headers[name] ?? ""))\"")
      }
      if let body = request.httpBody.flatMap({ String(data: $0, encoding: .utf8) }) {
        let escaped = escapingQuotes(body.replacingOccurrences(of: "\\\"", with: "\\\\\""))
        parts.append("--data \"\(escaped)\"")
      }
      if let cookie = headers["Cookie"] {
        parts.append("--cookie \"\(escapingQuotes(cookie))\"")
      }
      parts.append("\"\(request.url.map(sortingQuery)?.absoluteString ?? "")\"")
      return parts.joined(separator: " \\\n\t")
    }
  }
}

private func escapingQuotes(_ text: String) -> String {
  text.replacingOccurrences(of: "\"", with: "\\\"")
}

private func sortingQuery(_ url: URL) -> URL {
  guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
  components.queryItems = components.queryItems?.sorted { $0.name < $1.name }
  return components.url ?? url
}

private func bodyText(_ body: Data, pretty: Bool) -> String {
  if pretty,
    let object = try? JSONSerialization.jsonObject(with: body),
    let formatted = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
  {
    return String(decoding: formatted, as: UTF8.self)
  }
  return String(decoding: body, as: UTF8.self)
}
