import Foundation
import HTTPTypes
import InlineSnapshots
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import SnapshotsHTTP
import SnapshotsStrategyLaws
import TestSupport
import Testing
import XCTest

/// `.http`: an exchange as the founding article shows it, bodies by content type, secrets
/// never written, volatile fields filtered; and a type's own strategy, with no `as:`.
@Suite struct HTTPSnapshotTests {
  static let unauthorized = HTTPExchange(
    request: HTTPRequest(
      method: .get, scheme: "https", authority: "example.com", path: "/",
      headerFields: [.accept: "text/plain"]),
    response: HTTPResponse(
      status: .unauthorized,
      headerFields: [
        .contentType: "text/plain", .wwwAuthenticate: "Basic",
        .date: "Wed, 25 Nov 2026 20:11:28 GMT",
      ]),
    responseBody: Data("Please authenticate.".utf8))

  /// The founding article's example, with no `as:`: the exchange's own strategy.
  @Test func anExchangeAsTheArticleShowsIt() {
    assertInlineSnapshot(of: Self.unauthorized) {
      """
      GET / HTTP/1.1
      Host: example.com
      Accept: text/plain

      HTTP/1.1 401 Unauthorized
      Content-Type: text/plain
      WWW-Authenticate: Basic
      Date: <date>

      Please authenticate.

      """
    }
  }

  func text<Value>(_ value: Value, as strategy: Snapshotting<Value, String>) -> String {
    var text = ""
    strategy.snapshot(value).run { text = $0 }
    return text
  }

  func json(_ body: String) -> String {
    text(
      HTTPMessage(
        HTTPResponse(status: .ok, headerFields: [.contentType: "application/json; charset=utf-8"]),
        body: Data(body.utf8)), as: .http)
  }

  /// Key order and number spelling never make a diff: the body is canonical JSON.
  @Test func jsonBodiesAreCanonical() {
    let one = json(#"{"b": [1.0, 1e2, -0, 0.50], "a": {"y": true, "x": null}}"#)
    let two = json(#"{"a":{"x":null,"y":true},"b":[1,100,0,0.5]}"#)
    #expect(one == two)
    #expect(
      one == """
        HTTP/1.1 200 OK
        Content-Type: application/json; charset=utf-8

        {
          "a": {
            "x": null,
            "y": true
          },
          "b": [
            1,
            100,
            0,
            0.5
          ]
        }

        """)
    #expect(json(#"{"n": 1e400}"#) != json(#"{"n": 2e400}"#))
  }

  @Test func aBodyThatSaysJSONAndIsNotSaysSo() {
    let text = json("{oops")
    #expect(text.contains("<the body says application/json but is not JSON: "), "\(text)")
    #expect(text.hasSuffix("\n{oops\n"), "\(text)")
  }

  /// A binary body is its size and SHA-256 (checked against `sha256sum`), never its bytes.
  @Test func aBinaryBodyIsItsSizeAndHash() throws {
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<300).map { UInt8($0 % 256) }
    let text = text(
      HTTPMessage(HTTPResponse(status: .ok, headerFields: [.contentType: "image/png"]), body: png),
      as: .http)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data(png).write(to: folder.file("body.png"))
    let oracle = try Command("sha256sum", [folder.file("body.png").path], in: folder.url)
    let digest = try #require(oracle.output.split(separator: " ").first)
    #expect(text.hasSuffix("\n\n<308 bytes, SHA-256 \(digest)>\n"), "\(text)")
    // Text bodies with no content type are text; control bytes make them binary.
    let plain = self.text(
      HTTPMessage(HTTPResponse(status: .ok), body: Data("a=1&b=2".utf8)), as: .http)
    #expect(plain.hasSuffix("\n\na=1&b=2\n"))
  }

  /// Secrets are replaced, what says what they are kept; revealed by name only.
  @Test func secretsNeverReachTheText() {
    let exchange = HTTPExchange(
      request: HTTPRequest(
        method: .post, scheme: "https", authority: "api.example.com", path: "/login",
        headerFields: [
          .authorization: "Bearer s3cr3t-t0ken", .cookie: "session=abc123; theme=dark",
          .proxyAuthorization: "Basic dXNlcjpwYXNz",
        ]),
      response: HTTPResponse(
        status: .seeOther,
        headerFields: [.location: "/home", .setCookie: "session=xyz789; Path=/; HttpOnly"]))
    let text = text(exchange, as: .http)
    for secret in ["s3cr3t-t0ken", "abc123", "dark", "dXNlcjpwYXNz", "xyz789"] {
      #expect(!text.contains(secret), "\(secret) in\n\(text)")
    }
    #expect(text.contains("Authorization: Bearer <redacted>\n"))
    #expect(text.contains("Cookie: session=<redacted>; theme=<redacted>\n"))
    #expect(text.contains("Set-Cookie: session=<redacted>; Path=/; HttpOnly\n"))
    #expect(text.contains("HTTP/1.1 303 See Other\nLocation: /home\n"))
    let revealed = self.text(exchange, as: .http(secrets: .default.keeping("authorization")))
    #expect(revealed.contains("Authorization: Bearer s3cr3t-t0ken\n"))
    #expect(!revealed.contains("dXNlcjpwYXNz"), "Proxy-Authorization is another name")
    #expect(!revealed.contains("xyz789"))
  }

  /// An API key in a header and an OAuth token response's tokens, which the issue found
  /// written: one list of names for fields and JSON members, at any depth.
  @Test func anAPIKeyAndATokenResponseAreRedacted() {
    let exchange = HTTPExchange(
      request: HTTPRequest(
        method: .post, scheme: "https", authority: "auth.example.com", path: "/token",
        headerFields: [HTTPField.Name("X-Api-Key")!: "k-123", .contentType: "application/json"]),
      requestBody: Data(#"{"grant_type":"password","username":"ann","password":"pw-1"}"#.utf8),
      response: HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]),
      responseBody: Data(
        #"{"access_token":"at-1","token_type":"Bearer","refresh_token":"rt-1","expires_in":60}"#
          .utf8))
    assertInlineSnapshot(of: exchange) {
      """
      POST /token HTTP/1.1
      Host: auth.example.com
      X-Api-Key: <redacted>
      Content-Type: application/json

      {
        "grant_type": "password",
        "password": "<redacted>",
        "username": "ann"
      }

      HTTP/1.1 200 OK
      Content-Type: application/json

      {
        "access_token": "<redacted>",
        "expires_in": 60,
        "refresh_token": "<redacted>",
        "token_type": "Bearer"
      }

      """
    }
    // A name added is redacted as the list's are; a name kept is written.
    let secrets = SecretNames.default.adding("grant_type").keeping("refresh_token")
    let text = text(exchange, as: .http(secrets: secrets))
    #expect(text.contains(#""grant_type": "<redacted>""#), "\(text)")
    #expect(text.contains(#""refresh_token": "rt-1""#), "\(text)")
    #expect(!text.contains("at-1") && !text.contains("pw-1") && !text.contains("k-123"))
  }

  /// The exchange "Snapshotting a server" shows under "Secrets", as it shows it.
  @Test func theArticlesSecrets() {
    let exchange = HTTPExchange(
      request: HTTPRequest(
        method: .post, scheme: "https", authority: "app:s3cr3t@auth.example.com",
        path: "/oauth/token?client_id=app&client_secret=s3cr3t",
        headerFields: [
          .authorization: "Basic YXBwOnMzY3IzdA==", HTTPField.Name("X-Api-Key")!: "k3y",
          .cookie: "sid=abc; theme=dark", .contentType: "application/x-www-form-urlencoded",
        ]),
      requestBody: Data("grant_type=password&username=ann&password=hunter2".utf8),
      response: HTTPResponse(
        status: .ok,
        headerFields: [
          .contentType: "application/json", .setCookie: "sid=def; Path=/; HttpOnly",
        ]),
      responseBody: Data(
        #"{"access_token":"at","token_type":"Bearer","expires_in":3600,"refresh_token":"rt"}"#
          .utf8))
    assertInlineSnapshot(of: exchange) {
      """
      POST /oauth/token?client_id=app&client_secret=<redacted> HTTP/1.1
      Host: <redacted>@auth.example.com
      Authorization: Basic <redacted>
      X-Api-Key: <redacted>
      Cookie: sid=<redacted>; theme=<redacted>
      Content-Type: application/x-www-form-urlencoded

      grant_type=password&username=ann&password=<redacted>

      HTTP/1.1 200 OK
      Content-Type: application/json
      Set-Cookie: sid=<redacted>; Path=/; HttpOnly

      {
        "access_token": "<redacted>",
        "expires_in": 3600,
        "refresh_token": "<redacted>",
        "token_type": "Bearer"
      }

      """
    }
  }

  /// `revealing:` still compiles and reveals the field, as `keeping` does.
  @available(*, deprecated)
  @Test func revealingIsKeeping() {
    let request = HTTPRequest(
      method: .get, scheme: nil, authority: nil, path: "/", headerFields: [.authorization: "t"])
    #expect(text(request, as: .http(revealing: [.authorization])).contains("Authorization: t\n"))
  }

  /// Volatile fields, named by the test, are filtered, and a failure says which filters ran.
  @Test func volatileFieldsAreFilteredAndNamed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    func response(_ id: String, _ body: String) -> HTTPMessage {
      HTTPMessage(
        HTTPResponse(
          status: .ok,
          headerFields: [
            HTTPField.Name("X-Request-ID")!: id, .date: "Thu, 26 Nov 2026 08:00:00 GMT",
          ]), body: Data(body.utf8))
    }
    let strategy = Snapshotting<HTTPMessage, String>.http(
      filters: [.httpField(HTTPField.Name("X-Request-ID")!)])
    #expect(
      verifySnapshot(
        of: response("r-1", "one"), as: strategy, named: "r", record: .all,
        snapshotDirectory: folder.path)?
        .hasPrefix("Recorded snapshot") == true)
    #expect(
      try folder.text("volatileFieldsAreFilteredAndNamed.r.http")
        == "HTTP/1.1 200 OK\nX-Request-ID: <volatile>\nDate: <date-1>\n\none\n")
    #expect(
      verifySnapshot(
        of: response("r-2", "one"), as: strategy, named: "r", record: .never,
        snapshotDirectory: folder.path) == nil)
    let failure = try #require(
      verifySnapshot(
        of: response("r-3", "two"), as: strategy, named: "r", record: .never,
        snapshotDirectory: folder.path))
    #expect(failure.contains("HTTP dates"), "\(failure)")
    #expect(failure.contains("X-Request-ID"), "\(failure)")
  }
}

/// `.http` across variants: a file per variant, as for any text strategy.
@Suite struct HTTPVariantTests {
  @Test func aResponsePerVariant() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshots(
      of: { variant in
        HTTPMessage(
          HTTPResponse(status: .ok, headerFields: [.contentLanguage: variant["language"] ?? ""]),
          body: Data((variant["language"] == "de" ? "Hallo" : "Hello").utf8))
      }, as: .http, across: Variants(["language": ["en", "de"]]), record: .all,
      snapshotDirectory: folder.path)
    #expect(
      try folder.contents() == [
        "aResponsePerVariant.language=de.http", "aResponsePerVariant.language=en.http",
      ])
    #expect(
      try folder.text("aResponsePerVariant.language=de.http")
        == "HTTP/1.1 200 OK\nContent-Language: de\n\nHallo\n")
  }
}

/// With no `as:` under XCTest, file and inline.
final class HTTPSnapshottableXCTests: XCTestCase {
  func testAResponseNeedsNoStrategy() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let response = HTTPResponse(status: .notFound, headerFields: [.contentType: "text/plain"])
    XCTAssertEqual(
      verifySnapshot(of: response, record: .all, snapshotDirectory: folder.path)?
        .hasPrefix("Recorded snapshot"), true)
    XCTAssertEqual(
      try folder.text("testAResponseNeedsNoStrategy.1.http"),
      "HTTP/1.1 404 Not Found\nContent-Type: text/plain\n")
    assertInlineSnapshot(of: HTTPRequest(method: .delete, scheme: nil, authority: nil, path: "/a"))
    {
      """
      DELETE /a HTTP/1.1

      """
    }
  }
}

extension HTTPSnapshotTests {
  /// `.http` keeps the strategy laws for each of the four types it snapshots.
  @Test func theHTTPStrategiesKeepTheLaws() async {
    let exchange = Self.unauthorized
    let posted = HTTPExchange(
      request: HTTPRequest(
        method: .post, scheme: "https", authority: "example.com", path: "/users",
        headerFields: [.contentType: "application/json"]),
      requestBody: Data(#"{"name":"Ann"}"#.utf8),
      response: HTTPResponse(status: .created), responseBody: Data())
    await assertStrategyLaws(.http, samples: [exchange, posted])
    await assertStrategyLaws(
      .http,
      samples: [
        HTTPMessage(exchange.request), HTTPMessage(posted.response, body: Data("ok".utf8)),
      ])
    await assertStrategyLaws(.http, samples: [exchange.request, posted.request])
    await assertStrategyLaws(.http, samples: [exchange.response, posted.response])
  }
}
