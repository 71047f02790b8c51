import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The browser review's routes on the fixture of ``PendingReviewTests``: who is refused, what
/// is served, and decisions applied through the same path as the terminal's (the end-to-end
/// run in Chromium is `Tests/SnapshotRecordTests/BrowserReviewScenario.swift`).
@Suite struct BrowserReviewTests {
  let fixture: PendingReviewTests
  var routes: BrowserReviewRoutes
  let token = BrowserReviewRoutes.newToken()
  static let port: UInt16 = 40_000

  init() throws {
    fixture = try PendingReviewTests()
    let pending = try PendingChanges(packageDirectory: fixture.package.url, origin: .store)
    routes = BrowserReviewRoutes(review: BrowserReview(pending), token: token, port: Self.port)
  }

  func request(
    _ path: String, method: String = "GET", headers: [String: String] = [:], body: String = ""
  ) -> LoopbackServer.Request {
    var all = ["host": "127.0.0.1:\(Self.port)"]
    if method == "POST" {
      all["origin"] = "http://127.0.0.1:\(Self.port)"
      all["content-type"] = "application/json"
    }
    all.merge(headers) { $1 }
    return .init(
      method: method, target: "/\(token)/\(path)", headers: all, body: Data(body.utf8))
  }

  mutating func status(_ request: LoopbackServer.Request) -> Int {
    routes.respond(to: request).0.status
  }

  mutating func decide(_ id: String, _ decision: String) throws -> [String: Any] {
    let response = routes.respond(
      to: request(
        "decide", method: "POST", body: #"{"ids": ["\#(id)"], "decision": "\#(decision)"}"#)
    ).0
    #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
  }

  @Test mutating func onlyTheReviewsOwnPageIsServed() throws {
    let before = try fixture.files()
    #expect(status(request("")) == 200)
    #expect(status(request("changes")) == 200)
    let forged = #"{"ids": ["\#(try fixture.ids()["first()"] ?? "")"], "decision": "accept"}"#
    var refused: [(String, LoopbackServer.Request)] = [
      (
        "no token",
        .init(method: "GET", target: "/", headers: ["host": "127.0.0.1:40000"], body: Data())
      ),
      ("another host", request("", headers: ["host": "localhost:\(Self.port)"])),
      ("a name pointed at the loopback address", request("", headers: ["host": "evil.example"])),
      ("another origin", request("changes", headers: ["origin": "http://evil.example"])),
      ("another site", request("changes", headers: ["sec-fetch-site": "cross-site"])),
      (
        "a POST of another origin",
        request("decide", method: "POST", headers: ["origin": "null"], body: forged)
      ),
      (
        "a POST in a form's type",
        request("decide", method: "POST", headers: ["content-type": "text/plain"], body: forged)
      ),
    ]
    var wrong = request("")
    wrong.target = "/" + String(repeating: "0", count: token.count) + "/"
    refused.append(("another token", wrong))
    var bare = request("decide", method: "POST", body: forged)
    bare.headers["origin"] = nil
    refused.append(("a POST that says nothing of where it comes from", bare))
    for (what, request) in refused {
      let response = routes.respond(to: request).0
      #expect(response.status == 403, "\(what)")
      #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("Refused: "), "\(what)")
    }
    #expect(try fixture.files() == before, "nothing refused wrote anything")
  }

  @Test mutating func onlyAChangesImagesAreServed() throws {
    let ids = try fixture.ids()
    let image = try #require(ids["image()"])
    let old = routes.respond(to: request("image/\(image)/old")).0
    #expect(old.status == 200 && old.contentType == "image/png")
    #expect(old.body == FileManager.default.contents(atPath: fixture.reference("image", "png")))
    #expect(status(request("image/\(image)/new")) == 200)
    // The difference image is named, but the run left none.
    #expect(status(request("image/\(image)/difference")) == 404)
    for path in [
      "image/\(ids["first()"] ?? "")/old", "image/\(image)/..%2F..%2FPackage.swift",
      "image/../../../etc/passwd", "image/\(image)/old/x",
    ] {
      #expect(status(request(path)) == 404, "\(path)")
    }
  }

  @Test mutating func decisionsAreAppliedAsTheTerminalsAre() throws {
    let ids = try fixture.ids()
    let (first, second, third) = (ids["first()"] ?? "", ids["second()"] ?? "", ids["third()"] ?? "")
    #expect(try decide(first, "accept")["states"] as? [String: String] == [first: "accepted"])
    #expect(try String(contentsOfFile: fixture.reference("first"), encoding: .utf8) == "one\n")
    #expect(try decide(second, "reject")["states"] as? [String: String] == [second: "rejected"])
    #expect(try String(contentsOfFile: fixture.reference("second"), encoding: .utf8) == "2\n")
    #expect(try decide(third, "skip")["states"] as? [String: String] == [third: "skipped"])
    #expect(!FileManager.default.fileExists(atPath: fixture.reference("third")))
    // A source changed since the run: accepting is refused, the change stays pending, and the
    // page is told why.
    try fixture.write(
      PendingReviewTests.source.replacingOccurrences(of: "\"three\"", with: "\"3\""),
      at: fixture.sourcePath)
    let refused = try decide(third, "accept")
    #expect(refused["states"] as? [String: String] == [third: "refused"])
    let reasons = try #require(refused["refusals"] as? [String: String])
    #expect(reasons[third]?.contains("changed since") == true, "\(reasons)")
    #expect(!FileManager.default.fileExists(atPath: fixture.reference("third")))
    let left = try fixture.ids()
    #expect(left["third()"] == third && left["first()"] == nil && left["second()"] == nil)
    #expect(
      routes.review.summary.hasPrefix(
        "Review in the browser: accepted 1, rejected 1, skipped 0; 3 changes left pending"))
    #expect(
      status(
        request("decide", method: "POST", body: #"{"ids": ["ffffffffffff"], "decision": "accept"}"#)
      ) == 404)
  }

  @Test func aTokenIsComparedWholeAndUnguessable() {
    #expect(BrowserReviewRoutes.sameInConstantTime("abc", "abc"))
    #expect(!BrowserReviewRoutes.sameInConstantTime("abc", "abd"))
    #expect(!BrowserReviewRoutes.sameInConstantTime("abc", "ab"))
    let tokens = (0..<100).map { _ in BrowserReviewRoutes.newToken() }
    #expect(Set(tokens).count == 100 && tokens.allSatisfy { $0.count == 64 })
  }
}
