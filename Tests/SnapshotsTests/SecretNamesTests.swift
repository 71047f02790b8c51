import Foundation
import Snapshots
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One list of secret names for every carrier, compared without case or separators, with `*`
/// for any letters; and the core's `.raw` and `.curl`, which write a request's headers and body.
@Suite struct SecretNamesTests {
  /// The names the issue lists, spelt as services spell them, and names that are no secret.
  @Test(arguments: [
    ("X-Api-Key", true), ("api_key", true), ("apiKey", true), ("APIKEY", true),
    ("access_token", true), ("refresh-token", true), ("idToken", true), ("X-Auth-Token", true),
    ("password", true), ("new_password", true), ("secret", true), ("client_secret", true),
    ("private_key", true), ("Authorization", true), ("Proxy-Authorization", true),
    ("Cookie", true), ("Set-Cookie", true), ("key", true), ("X-Amz-Signature", true),
    ("JSESSIONID", true), ("token_type", false), ("expires_in", false), ("username", false),
    ("idempotency_key", false), ("monkey", false), ("Content-Type", false),
    ("WWW-Authenticate", false), ("max_tokens", false),
  ])
  func theDefaultList(name: String, isSecret: Bool) {
    #expect(SecretNames.default.contains(name) == isSecret)
  }

  @Test func addingAndKeeping() {
    let names = SecretNames.default.adding("x-session", "otp*")
      .keeping("csrf_token", "*-public-key")
    #expect(names.contains("X_SESSION") && names.contains("otpCode"))
    #expect(!names.contains("CSRF-Token") && names.contains("xsrf_token"))
    #expect(!names.contains("x-public-key") && names.contains("x-api-key"))
    // A `*` inside a pattern: the pieces in order.
    #expect(SecretNames(["x-*-token"]).contains("X-Goog-Auth-Token"))
    #expect(!SecretNames(["x-*-token"]).contains("Goog-Token"))
    #expect(!SecretNames([]).contains("password"))
    // Letters beyond ASCII, lowercased as Unicode does.
    #expect(SecretNames(["clé-*"]).contains("CLÉ_API") && !SecretNames(["clé"]).contains("cle"))
  }

  @Test func textCarriers() {
    let names = SecretNames.default
    #expect(names.headerValue(named: "authorization", "Bearer abc") == "Bearer <redacted>")
    #expect(names.headerValue(named: "Cookie", "a=1; b=2") == "a=<redacted>; b=<redacted>")
    #expect(names.headerValue(named: "set-cookie", "a=1; Path=/") == "a=<redacted>; Path=/")
    #expect(names.headerValue(named: "X-Api-Key", "abc") == "<redacted>")
    #expect(
      names.headerValue(named: "Location", "https://u:p@h/?code=1&access_token=2")
        == "https://<redacted>@h/?code=1&access_token=<redacted>")
    #expect(
      names.withoutCredentials(inForm: "user=ann&pass%77ord=pw&client+secret=s")
        == "user=ann&pass%77ord=<redacted>&client+secret=<redacted>")
  }

  /// JSON read leniently, its layout kept: nested, in arrays, any kind of value, `null` kept,
  /// escaped keys, a document cut short (a string left open ends with its line, as in a parse
  /// error's excerpt), NDJSON lines.
  @Test(arguments: [
    (
      #"{"a": [{"token": "t", "n": 1}], "b" : "c"}"#,
      #"{"a": [{"token": "<redacted>", "n": 1}], "b" : "c"}"#
    ),
    (
      #"{"password":null,"pin":1,"apiKey":{"v":[1,"}"]},"x":true}"#,
      #"{"password":null,"pin":1,"apiKey":"<redacted>","x":true}"#
    ),
    (#"{"secret": 12.5e3, "key": true}"#, #"{"secret": "<redacted>", "key": "<redacted>"}"#),
    (
      #"{"pass\u0077ord": "pw", "s": "\"password\": \"no\""}"#,
      #"{"pass\u0077ord": "<redacted>", "s": "\"password\": \"no\""}"#
    ),
    (
      #"{"user": {"password": "pw", "refresh_token": "rt"#,
      #"{"user": {"password": "<redacted>", "refresh_token": "<redacted>""#
    ),
    (
      "  \"ann\",\"password\":\"pw\n{\"user\":{\"password\":\"pw",
      "  \"ann\",\"password\":\"<redacted>\"\n{\"user\":{\"password\":\"<redacted>\""
    ),
    (
      "{\"access_token\":\"a\"}\n{\"id_token\":\"b\"}\n",
      "{\"access_token\":\"<redacted>\"}\n{\"id_token\":\"<redacted>\"}\n"
    ),
  ])
  func jsonText(text: String, redacted: String) {
    #expect(SecretNames.default.withoutSecrets(inJSON: text) == redacted)
  }

  static func request() throws -> URLRequest {
    let url = try #require(URL(string: "https://ann:pw@example.com/a?b=1&api_key=k"))
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")
    request.setValue("k3y", forHTTPHeaderField: "X-Api-Key")
    request.setValue("sid=s1d", forHTTPHeaderField: "Cookie")
    request.httpBody = Data(#"{"user":{"name":"Ann","password":"pa55"},"tags":["x"]}"#.utf8)
    return request
  }

  func text(_ strategy: Snapshotting<URLRequest, String>, _ request: URLRequest) -> String {
    var text = ""
    strategy.snapshot(request).run { text = $0 }
    return text
  }

  @Test func rawWritesNoSecret() throws {
    #expect(
      text(.raw, try Self.request()) == """
        POST https://<redacted>@example.com/a?api_key=<redacted>&b=1
        Authorization: Bearer <redacted>
        Cookie: sid=<redacted>
        X-Api-Key: <redacted>

        {"user":{"name":"Ann","password":"<redacted>"},"tags":["x"]}
        """)
    var form = try Self.request()
    form.httpBody = Data("user=ann&password=pa55".utf8)
    #expect(text(.raw(pretty: true), form).hasSuffix("\n\nuser=ann&password=<redacted>"))
    #expect(text(.raw(pretty: false, secrets: SecretNames([])), form).contains("pa55"))
  }

  @Test func curlWritesNoSecret() throws {
    let curl = text(.curl, try Self.request())
    for secret in ["pw", "k3y", "t0k3n", "s1d", "pa55", "=k"] {
      #expect(!curl.contains(secret), "\(secret) in \(curl)")
    }
    #expect(curl.contains(#"--cookie "sid=<redacted>""#), "\(curl)")
    #expect(text(.curl(secrets: .default.keeping("X-Api-Key")), try Self.request()).contains("k3y"))
  }
}
