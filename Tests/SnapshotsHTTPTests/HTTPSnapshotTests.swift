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
    _ = strategy.snapshot(value).run { text = $0 }
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
    let revealed = self.text(exchange, as: .http(revealing: [.authorization]))
    #expect(revealed.contains("Authorization: Bearer s3cr3t-t0ken\n"))
    #expect(!revealed.contains("xyz789"))
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

/// An `Authorization: Bearer …`, a `Set-Cookie`, a URL's user information and a query's token
/// never reach anything the toolkit writes:
/// references, artifacts, pending records (file and inline), the catalog, the gallery page.
@Suite struct HTTPSecretsTests {
  static let secrets = ["s3cr3t-b34r3r", "c00k13-v4lu3", "s3t-c00k13", "us3r-pw", "qu3ry-t0k3n"]

  static func exchange(_ body: String) -> HTTPExchange {
    HTTPExchange(
      request: HTTPRequest(
        method: .get, scheme: "https", authority: "ann:\(secrets[3])@example.com",
        path: "/account?access_token=\(secrets[4])",
        headerFields: [.authorization: "Bearer \(secrets[0])", .cookie: "sid=\(secrets[1])"]),
      response: HTTPResponse(
        status: .ok,
        headerFields: [.contentType: "text/plain", .setCookie: "sid=\(secrets[2]); Secure"]),
      responseBody: Data(body.utf8))
  }

  @Test(.enabled(if: Probe.isRunning("secretsProbe")))
  func secretsProbe() throws {
    let folder = try #require(ProcessInfo.processInfo.environment["SECRETS_PACKAGE"])
    let references = folder + "/Tests/AppTests/__Snapshots__/AccountTests"
    _ = verifySnapshot(
      of: Self.exchange("old"), named: "account", record: .all, snapshotDirectory: references)
    // A change: the actual value and a pending record are kept.
    _ = verifySnapshot(
      of: Self.exchange("new"), named: "account", record: .never, snapshotDirectory: references)
    assertInlineSnapshot(of: Self.exchange("inline")) {
      """
      old
      """
    }
  }

  @Test func noFileTheToolkitWritesHoldsASecret() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let root = package.url.standardizedFileURL.path
    let probe = try Probe.run(
      "secretsProbe",
      environment: [
        "SECRETS_PACKAGE": root, PendingStore.directoryVariable: root + "/.build/snapshots/pending",
        "SNAPSHOT_ARTIFACTS": root + "/.build/snapshot-artifacts",
      ])
    #expect(probe.status != 0, "the probe fails on its changes: \(probe.output)")
    for secret in Self.secrets { #expect(!probe.output.contains(secret), "\(secret) printed") }
    let gallery = try SnapshotsCommand(
      parsing: ["gallery", "--package-directory", root], currentDirectory: package.url)
    #expect(gallery.run(print: { _ in }) == .success)
    var written: [String] = []
    let walker = FileManager.default.enumerator(atPath: root)
    while let path = walker?.nextObject() as? String {
      guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
      written.append(path)
      let text = String(decoding: data, as: UTF8.self)
      for secret in Self.secrets { #expect(!text.contains(secret), "\(secret) in \(path)") }
    }
    // The gallery shows an exchange as text, its change as a diff.
    let page = try String(
      contentsOfFile: root + "/.build/snapshots/gallery.html", encoding: .utf8)
    #expect(page.contains("GET /account?access_token=&lt;redacted&gt; HTTP/1.1"), "\(page)")
    #expect(page.contains("<span class=\"add\">+new</span>"), "\(page)")
    // What was searched: a reference, an artifact, the pending records, the catalog and page.
    for kind in [
      ".http", "snapshot-artifacts/", ".record", "snapshot-catalog.json", "gallery.html",
    ] {
      #expect(written.contains { $0.contains(kind) }, "no \(kind) among \(written)")
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
