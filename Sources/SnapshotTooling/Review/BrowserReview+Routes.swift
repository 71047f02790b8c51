import Foundation
@_spi(Tooling) import Snapshots

/// The browser review's addresses, and who may use them.
///
/// Every address starts with the review's token (`/<token>/…`), which only the printed URL
/// carries: another user of the machine, or a tab opened without it, is refused. A request must
/// name the review's own host (`127.0.0.1:<port>`: a page of another site that points a name of
/// its own at the loopback address is refused), and one a browser says comes from another page
/// (`Origin`, `Sec-Fetch-Site`) is refused, so that no other site can decide for the user. The
/// only files served are the images of pending changes, inside the package.
struct BrowserReviewRoutes {
  var review: BrowserReview
  let token: String
  let port: UInt16

  typealias Request = LoopbackServer.Request
  typealias Response = LoopbackServer.Response

  /// A token of 32 random bytes, in hex.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      String(format: "%02x", UInt8.random(in: 0 ... .max, using: &generator))
    }
    .joined()
  }

  /// The address the user opens.
  var address: String { "http://127.0.0.1:\(port)/\(token)/" }

  /// Whether two texts are equal, in a time that depends on their lengths alone, so that the
  /// time of a refusal tells nothing of how much of a guessed token was right.
  static func sameInConstantTime(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// Why a request is refused, or `nil` when it may go on.
  func refusal(of request: Request) -> String? {
    let origin = "http://127.0.0.1:\(port)"
    guard request.headers["host"] == "127.0.0.1:\(port)" else {
      return "the request names another host than 127.0.0.1:\(port)"
    }
    if let from = request.headers["origin"], from != origin {
      return "the request comes from another origin (\(from))"
    }
    if let site = request.headers["sec-fetch-site"], site != "same-origin", site != "none" {
      return "the request comes from another site (Sec-Fetch-Site: \(site))"
    }
    let prefix = "/" + token + "/"
    let given = String(decoding: request.target.utf8.prefix(prefix.utf8.count), as: UTF8.self)
    guard Self.sameInConstantTime(given, prefix) else {
      return "the address has no token, or not this review's: open the address the tool printed"
    }
    if request.method == "POST" {
      guard
        request.headers["origin"] == origin || request.headers["sec-fetch-site"] == "same-origin"
      else { return "a decision is taken only from the review's own page" }
      guard request.headers["content-type"]?.hasPrefix("application/json") == true else {
        return "a decision is sent as JSON"
      }
    }
    return nil
  }

  /// Answers one request; `stop` when the user ended the review from the page.
  mutating func respond(to request: Request) -> (Response, stop: Bool) {
    if let reason = refusal(of: request) { return (Self.text(403, "Refused: \(reason).\n"), false) }
    let address = request.target.dropFirst(token.count + 2).split(
      separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = address.first ?? ""
    let query = URLComponents(string: "?" + (address.dropFirst().first ?? ""))?.queryItems ?? []
    let number = { (name: String) in query.first { $0.name == name }?.value.flatMap { Int($0) } }
    let parts = path.split(separator: "/").map(String.init)
    switch (request.method, parts.first ?? "") {
    case ("GET", ""):
      return (
        Response(
          status: 200, contentType: "text/html; charset=utf-8",
          body: Data(BrowserReviewPage.html.utf8)), false
      )
    case ("GET", "changes"):
      let listing = review.listing(from: number("from") ?? 0, count: number("count") ?? .max / 2)
      return (Self.json(listing), false)
    case ("GET", "change") where parts.count == 2:
      return (review.detail(parts[1]).map(Self.json) ?? Self.text(404, "No such change.\n"), false)
    case ("GET", "image") where parts.count == 3:
      return (image(parts[1], parts[2]), false)
    case ("POST", "decide"): return (decide(request.body), false)
    case ("POST", "finish"): return (Self.json(["summary": review.summary]), true)
    default: return (Self.text(404, "No such address.\n"), false)
    }
  }

  private struct Asked: Decodable {
    var ids: [String]
    var decision: BrowserReview.Decision
  }

  /// Decides each id in turn; the states of the changes decided, and every refusal.
  private mutating func decide(_ body: Data) -> Response {
    guard let asked = try? JSONDecoder().decode(Asked.self, from: body) else {
      return Self.text(400, "A decision is {\"ids\": [...], \"decision\": \"accept\"}.\n")
    }
    var states: [String: String] = [:]
    var regrouped = false
    for id in asked.ids {
      guard let decided = review.decide(id, asked.decision) else {
        return Self.text(404, "No pending change or group has the id \(id).\n")
      }
      for (member, state) in decided.states { states[member] = state.kind.rawValue }
      regrouped = regrouped || decided.regrouped
    }
    return Self.json(
      Decided(
        states: states, refusals: review.refusals,
        groups: regrouped ? review.listedGroups : nil))
  }

  private struct Decided: Encodable {
    var states: [String: String]
    var refusals: [String: String]
    /// The groups as they are after a group's decision, which regroups what is left.
    var groups: [BrowserReview.Listing.Group]?
  }

  private func image(_ id: String, _ side: String) -> Response {
    guard let change = review.change(id), let side = BrowserReview.ImageSide(rawValue: side),
      let url = review.file(of: change, side), let data = try? AtomicFile.read(url)
    else { return Self.text(404, "No such image.\n") }
    return Response(status: 200, contentType: "image/png", body: data)
  }

  private static func json(_ value: some Encodable) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return text(500, "Not encodable.\n") }
    return Response(status: 200, contentType: "application/json", body: data)
  }

  private static func text(_ status: Int, _ text: String) -> Response {
    Response(status: status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8))
  }
}
