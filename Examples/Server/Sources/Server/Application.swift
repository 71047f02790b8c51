import Foundation
import Hummingbird
import Logging
import Tracing

/// The shop's application: a JSON API for orders, an HTML page, a newsletter form that
/// redirects, an account that needs a token, and Hummingbird's own 404; every request traced
/// (`TracingMiddleware`) and logged to `logger`.
public func buildApplication(logger: Logger = Logger(label: "shop")) -> some ApplicationProtocol {
  Application(router: buildRouter(), logger: logger)
}

/// The token the account route accepts.
public let accountToken = "t0k3n-for-tests"

public struct Order: ResponseEncodable, Sendable {
  public struct Line: Codable, Sendable {
    var sku: String
    var quantity: Int
    var price: Double
  }

  var id: Int
  var lines: [Line]
  var total: Double
}

struct Subscription: Decodable {
  var email: String
}

func buildRouter() -> Router<BasicRequestContext> {
  let router = Router()
  router.add(middleware: TracingMiddleware())
  router.get("/") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: homePage)))
  }
  router.get("/style.css") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "text/css; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: styleSheet)))
  }
  router.get("/api/orders/{id}") { _, context -> Order in
    let id = try context.parameters.require("id", as: Int.self)
    context.logger.info("Loading an order", metadata: ["order": "\(id)"])
    let lines = [
      Order.Line(sku: "TEA-1", quantity: 2, price: 4.5),
      Order.Line(sku: "MUG-3", quantity: 1, price: 12),
    ]
    let total = withSpan("price the order") { span in
      span.attributes["lines"] = lines.count
      return lines.reduce(0) { $0 + Double($1.quantity) * $1.price }
    }
    context.logger.debug("Priced", metadata: ["order": "\(id)", "total": "\(total)"])
    return Order(id: id, lines: lines, total: total)
  }
  router.post("/subscribe") { request, _ -> Response in
    let body = try await request.body.collect(upTo: 4096)
    let form = try URLEncodedFormDecoder().decode(Subscription.self, from: String(buffer: body))
    guard form.email.contains("@") else {
      return Response(
        status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: "That is not an email address.")))
    }
    return Response(
      status: .seeOther,
      headers: [
        .location: "/thanks",
        .setCookie: "subscriber=\(UUID().uuidString); Path=/; HttpOnly",
      ])
  }
  router.get("/account") { request, _ -> Response in
    guard request.headers[.authorization] == "Bearer \(accountToken)" else {
      return Response(
        status: .unauthorized,
        headers: [.contentType: "text/plain; charset=utf-8", .wwwAuthenticate: "Bearer"],
        body: .init(byteBuffer: ByteBuffer(string: "Please authenticate.")))
    }
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: #"{"name": "Ann", "orders": [42]}"#)))
  }
  return router
}

let homePage = """
  <!doctype html>
  <html lang="en">
  <head><title>Tea shop</title><link rel="stylesheet" href="/style.css"></head>
  <body>
    <h1>Tea shop</h1>
    <form method="post" action="/subscribe">
      <label>Email <input name="email" type="email"></label>
      <button>Subscribe</button>
    </form>
  </body>
  </html>

  """

let styleSheet = """
  body { margin: 0; padding: 32px; background: #fefae0; color: #283618; font: 18px "DejaVu Sans", sans-serif }
  h1 { margin: 0 0 16px; font-size: 32px; color: #bc6c25 }
  form { display: flex; gap: 8px; align-items: center }
  input { padding: 6px; border: 2px solid #606c38 }
  button { padding: 8px 16px; border: 0; background: #606c38; color: white }

  """
