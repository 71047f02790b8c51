import Foundation
import Tracing
import Vapor

/// A lending library's API: a book by id (its copies counted on every shelf at once), a loan
/// that needs a member's card, and Vapor's own 404.
public func configure(_ app: Application) {
  app.middleware.use(TracingMiddleware())
  app.get("books", ":id") { request async throws -> Book in
    guard let id = request.parameters.get("id", as: Int.self), let title = titles[id] else {
      throw Abort(.notFound, reason: "No book has that id.")
    }
    request.logger.info("Looking up a book", metadata: ["book": "\(id)"])
    let copies = try await withThrowingTaskGroup(of: Int.self) { group in
      for shelf in shelves {
        group.addTask {
          try await withSpan("count copies", context: request.serviceContext, ofKind: .client) {
            span in
            span.attributes["shelf"] = shelf
            let count = (id + shelf.count) % 3
            request.logger.debug("Counted", metadata: ["shelf": "\(shelf)", "copies": "\(count)"])
            return count
          }
        }
      }
      return try await group.reduce(0, +)
    }
    return Book(id: id, title: title, copies: copies)
  }
  app.post("loans") { request async throws -> Loan in
    let loan = try request.content.decode(LoanRequest.self)
    guard loan.card == memberCard else {
      request.logger.warning("Refused a loan", metadata: ["card": "\(loan.card)"])
      throw Abort(.forbidden, reason: "That card is not a member's.")
    }
    request.logger.notice(
      "Lent a book", metadata: ["book": "\(loan.book)", "card": "\(loan.card)"])
    return Loan(book: loan.book, due: "2027-01-04")
  }
}

/// The one card the loans route accepts.
public let memberCard = "card-7731"

let titles = [1: "Middlemarch", 2: "The Waves", 42: "The Hitchhiker's Guide to the Galaxy"]
let shelves = ["fiction", "reference", "returns"]

public struct Book: Content {
  var id: Int
  var title: String
  var copies: Int
}

struct LoanRequest: Content {
  var book: Int
  var card: String
}

public struct Loan: Content {
  var book: Int
  var due: String
}
