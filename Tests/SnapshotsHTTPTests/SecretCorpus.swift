import Foundation
import HTTPTypes
import SnapshotsHTTP
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Real-looking exchanges that carry secrets in every way a service does.
///
/// A URL's user information, header fields, cookies, query and form parameters, JSON members
/// at any depth and inside arrays, a compressed body, a multipart form, NDJSON, JSON in a text
/// body and JSON cut short; and `URLRequest`s for `.raw` and `.curl`. Each secret is a string of its own, so a file that holds one is found
/// by it.
enum SecretCorpus {
  /// Every secret the corpus carries, each named by where it stands.
  static let secrets: [String: String] = Dictionary(
    uniqueKeysWithValues: [
      "userinfo", "location-userinfo", "bearer", "basic", "api-key", "auth-token", "cookie-sid",
      "cookie-csrf", "set-cookie", "set-cookie-refresh", "query-token", "query-signature",
      "query-encoded", "referer-code", "form-password", "form-client-secret", "access-token",
      "refresh-token", "id-token", "login-password", "nested-secret-key", "array-signing-secret",
      "private-key", "camel-api-key", "deflated-token", "multipart-password",
      "curl-bearer", "curl-api-key", "curl-cookie", "curl-json-password", "curl-query-secret",
      "raw-form-password", "raw-userinfo", "text-json-session", "ndjson-token", "cut-password",
    ].map { ($0, "S3CR3T-\($0)-9f") })

  private static func s(_ name: String) -> String { secrets[name] ?? "missing \(name)" }

  /// The exchanges, by name; `attempt` changes a field no secret is in, so a second run differs.
  static func exchanges(attempt: Int) throws -> [(String, HTTPExchange)] {
    let run = try #require(HTTPField.Name("X-Attempt"))
    let apiKey = try #require(HTTPField.Name("X-Api-Key"))
    let authToken = try #require(HTTPField.Name("X-Auth-Token"))
    return [
      (
        "oauth-token",
        HTTPExchange(
          request: HTTPRequest(
            method: .post, scheme: "https", authority: "ann:\(s("userinfo"))@auth.example.com",
            path: "/oauth/token",
            headerFields: [
              .contentType: "application/x-www-form-urlencoded",
              .authorization: "Basic \(s("basic"))", run: "\(attempt)",
            ]),
          requestBody: Data(
            ("grant_type=password&username=ann&password=\(s("form-password"))"
              + "&client_secret=\(s("form-client-secret"))&scope=read").utf8),
          response: HTTPResponse(
            status: .ok, headerFields: [.contentType: "application/json;charset=UTF-8"]),
          responseBody: Data(
            """
            {"access_token":"\(s("access-token"))","token_type":"Bearer","expires_in":3600,
             "refresh_token":"\(s("refresh-token"))","id_token":"\(s("id-token"))","scope":"read"}
            """.utf8))
      ),
      (
        "login-form",
        HTTPExchange(
          request: HTTPRequest(
            method: .post, scheme: "https", authority: "example.com",
            path: "/login?next=/home&access%5Ftoken=\(s("query-encoded"))",
            headerFields: [
              .contentType: "application/json", .cookie: "csrftoken=\(s("cookie-csrf"))",
              .referer: "https://example.com/cb?code=1&state=x&token=\(s("referer-code"))",
              run: "\(attempt)",
            ]),
          requestBody: Data(
            #"{"user":{"email":"ann@example.com","password":"\#(s("login-password"))"}}"#.utf8),
          response: HTTPResponse(
            status: .seeOther,
            headerFields: [
              .location: "https://ann:\(s("location-userinfo"))@example.com/home",
              .setCookie: "sid=\(s("set-cookie")); Path=/; Secure; HttpOnly",
              HTTPField.Name.setCookie: "refresh=\(s("set-cookie-refresh")); Path=/auth",
            ]))
      ),
      (
        "api-key",
        HTTPExchange(
          request: HTTPRequest(
            method: .get, scheme: "https", authority: "api.example.com",
            path:
              "/v1/reports?api_key=\(s("query-token"))&X-Amz-Signature=\(s("query-signature"))",
            headerFields: [
              apiKey: s("api-key"), authToken: s("auth-token"),
              .cookie: "sid=\(s("cookie-sid")); theme=dark",
              .authorization: "Bearer \(s("bearer"))",
              run: "\(attempt)",
            ]),
          response: HTTPResponse(
            status: .ok,
            headerFields: [.contentType: "application/vnd.api+json", .contentEncoding: "deflate"]),
          responseBody: rawDeflate(
            #"{"data":[{"type":"report","attributes":{"token":"\#(s("deflated-token"))"}}]}"#))
      ),
      (
        "nested-json",
        HTTPExchange(
          request: HTTPRequest(
            method: .put, scheme: "https", authority: "api.example.com", path: "/integrations",
            headerFields: [.contentType: "application/json", run: "\(attempt)"]),
          requestBody: Data(
            """
            {"integrations":[{"name":"stripe","config":{"secret_key":"\(s("nested-secret-key"))",
              "webhooks":[[{"url":"https://example.com/hook",
                "signing_secret":"\(s("array-signing-secret"))"}]]}},
              {"name":"gcp","apiKey":"\(s("camel-api-key"))",
               "private_key":{"kty":"RSA","d":"\(s("private-key"))"}, "password": null}]}
            """.utf8),
          response: HTTPResponse(status: .noContent))
      ),
      (
        "multipart",
        HTTPExchange(
          request: HTTPRequest(
            method: .post, scheme: "https", authority: "example.com", path: "/signup",
            headerFields: [.contentType: "multipart/form-data; boundary=XyZ", run: "\(attempt)"]),
          requestBody: Data(
            ("--XyZ\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n"
              + "\(s("multipart-password"))\r\n--XyZ--\r\n").utf8),
          response: HTTPResponse(status: .created))
      ),
      (
        "not-canonical",
        HTTPExchange(
          request: HTTPRequest(
            method: .post, scheme: "https", authority: "example.com", path: "/events",
            headerFields: [.contentType: "text/plain", run: "\(attempt)"]),
          requestBody: Data(#"{"session_id": "\#(s("text-json-session"))"}"#.utf8),
          response: HTTPResponse(
            status: .ok, headerFields: [.contentType: "application/x-ndjson"]),
          responseBody: Data(
            """
            {"event":"login","user":"ann"}
            {"event":"token","token":"\(s("ndjson-token"))"}

            """.utf8))
      ),
      (
        "cut-short",
        HTTPExchange(
          request: HTTPRequest(
            method: .get, scheme: "https", authority: "example.com", path: "/me",
            headerFields: [run: "\(attempt)"]),
          response: HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]),
          // Cut short where a parse error's excerpt of 40 characters begins inside the name.
          responseBody: Data(
            #"{"user":{"name":"ann","password":"\#(s("cut-password"))","note":"ab"#.utf8))
      ),
    ]
  }

  /// Requests for the core's `.raw` and `.curl`.
  static func requests(attempt: Int) throws -> [(String, URLRequest)] {
    let query = "client_secret=\(s("curl-query-secret"))&page=2"
    var json = URLRequest(url: try #require(URL(string: "https://api.example.com/users?\(query)")))
    json.httpMethod = "POST"
    json.setValue("Bearer \(s("curl-bearer"))", forHTTPHeaderField: "Authorization")
    json.setValue(s("curl-api-key"), forHTTPHeaderField: "X-API-KEY")
    json.setValue("sid=\(s("curl-cookie"))", forHTTPHeaderField: "Cookie")
    json.setValue("application/json", forHTTPHeaderField: "Content-Type")
    json.setValue("\(attempt)", forHTTPHeaderField: "X-Attempt")
    json.httpBody = Data(
      #"{"users":[{"name":"Ann","credentials":{"password":"\#(s("curl-json-password"))"}}]}"#
        .utf8)
    let login = "https://ann:\(s("raw-userinfo"))@example.com/login"
    var form = URLRequest(url: try #require(URL(string: login)))
    form.httpMethod = "POST"
    form.setValue("\(attempt)", forHTTPHeaderField: "X-Attempt")
    form.httpBody = Data("user=ann&password=\(s("raw-form-password"))".utf8)
    return [("json", json), ("form", form)]
  }

  /// `text` as a raw deflate stream of one stored block: what a server may send as
  /// `Content-Encoding: deflate`, made here rather than by zlib.
  static func rawDeflate(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    let length = UInt16(bytes.count)
    let header = [
      0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
    ]
    return header + bytes
  }
}
