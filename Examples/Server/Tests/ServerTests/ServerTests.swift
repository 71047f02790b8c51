import Foundation
import Hummingbird
import HummingbirdTesting
import InlineSnapshots
import Server
import SnapshotsBrowser
import SnapshotsHTML
import SnapshotsHummingbird
import SnapshotsObservability
import Testing

/// Every route's request and response, snapshotted together.
///
/// Some are kept in `__Snapshots__`, some inline; `swift package
/// --allow-writing-to-package-directory snapshot-record` records them.
@Suite struct ServerTests {
  @Test func anOrderAsJSON() async throws {
    try await buildApplication().test(.router) { client in
      let exchange = try await client.exchange(.get, "/api/orders/42")
      assertSnapshot(of: exchange)
    }
  }

  /// The order with what its request logged and traced, as one document: the tracing
  /// middleware's span, the handler's own span under it, and each log line under its span.
  @Test func anOrderWithItsTraceAndLogs() async throws {
    let tracer = InMemoryTracer()
    let logs = LogCapture()
    try await withTracer(tracer) {
      try await buildApplication(logger: logs.logger(label: "shop")).test(.router) { client in
        let exchange = try await client.exchange(.get, "/api/orders/42")
        assertSnapshot(of: RequestDocument(exchange, tracer: tracer, logs: logs))
      }
    }
  }

  @Test func theHomePage() async throws {
    try await buildApplication().test(.router) { client in
      let exchange = try await client.exchange(.get, "/")
      assertSnapshot(of: exchange)
    }
  }

  /// The page on its own: its markup, normalised so that a diff shows what changed where, and
  /// its outline, what a screen reader finds on it.
  @Test func theHomePageAsHTMLAndItsOutline() async throws {
    try await buildApplication().test(.router) { client in
      let response = try await client.execute(uri: "/", method: .get)
      let page = String(buffer: response.body)
      assertSnapshot(of: page, as: .html)
      assertInlineSnapshot(of: page, as: .htmlOutline) {
        """
        - heading "Tea shop" [level=1]
        - form:
          - textbox "Email"
          - button "Subscribe"

        """
      }
    }
  }

  /// The page as a reader sees it, drawn by headless Chromium from the live server.
  ///
  /// The application serves it on a loopback port, its stylesheet too: a broken stylesheet or
  /// layout fails here with a difference image. The tolerance absorbs anti-aliasing from
  /// another Chromium build.
  @Test func theHomePageAsPeopleSeeIt() async throws {
    try await buildApplication().test(.live) { client in
      let port = try #require(client.port)
      let page = try #require(URL(string: "http://localhost:\(port)/"))
      await assertSnapshot(
        as: .screenshot(
          viewport: Viewport(width: 640, height: 240), threshold: 0.1, ignoringAntialiasing: true)
      ) { page }
    }
  }

  /// The cookie's value is a fresh UUID each time, and a secret: it never reaches a reference.
  @Test func subscribingRedirects() async throws {
    try await buildApplication().test(.router) { client in
      let exchange = try await client.exchange(
        .post, "/subscribe", headers: [.contentType: "application/x-www-form-urlencoded"],
        body: "email=ann%40example.com")
      assertInlineSnapshot(of: exchange) {
        """
        POST /subscribe HTTP/1.1
        Content-Type: application/x-www-form-urlencoded

        email=ann%40example.com

        HTTP/1.1 303 See Other
        Location: /thanks
        Set-Cookie: subscriber=<redacted>; Path=/; HttpOnly
        Content-Length: 0

        """
      }
    }
  }

  @Test func aMissingPage() async throws {
    try await buildApplication().test(.router) { client in
      let exchange = try await client.exchange(.get, "/nowhere")
      assertSnapshot(of: exchange)
    }
  }

  /// Without the token, and with it: the token itself is never written.
  @Test func theAccountNeedsAToken() async throws {
    try await buildApplication().test(.router) { client in
      let anonymous = try await client.exchange(.get, "/account")
      assertInlineSnapshot(of: anonymous) {
        """
        GET /account HTTP/1.1

        HTTP/1.1 401 Unauthorized
        Content-Type: text/plain; charset=utf-8
        WWW-Authenticate: Bearer
        Content-Length: 20

        Please authenticate.

        """
      }
      let signedIn = try await client.exchange(
        .get, "/account", headers: [.authorization: "Bearer \(accountToken)"])
      assertSnapshot(of: signedIn, named: "signedIn")
    }
  }
}
