import InlineSnapshots
import Library
import SnapshotsObservability
import SnapshotsVapor
import Testing
import VaporTesting

/// The library's requests as exchanges, and one as a document with its trace and logs.
@Suite struct LibraryTests {
  @Test func aBook() async throws {
    try await withApp(configure: configure) { app in
      let exchange = try await app.testing().exchange(.GET, "books/42")
      assertSnapshot(of: exchange)
    }
  }

  @Test func aMissingBook() async throws {
    try await withApp(configure: configure) { app in
      let exchange = try await app.testing().exchange(.GET, "books/7")
      assertInlineSnapshot(of: exchange) {
        """
        GET /books/7 HTTP/1.1

        HTTP/1.1 404 Not Found
        content-type: application/json; charset=utf-8
        content-length: 46

        {
          "error": true,
          "reason": "No book has that id."
        }

        """
      }
    }
  }

  /// What the request did, top to bottom: the exchange, the spans of the shelves counted at
  /// once, and each log line under the span that wrote it.
  @Test func aBookWithItsTraceAndLogs() async throws {
    let document = try await document { app in try await app.testing().exchange(.GET, "books/42") }
    assertSnapshot(of: document)
  }

  /// A refused loan: the card never reaches the reference, neither in the request body nor in
  /// the log line.
  @Test func aRefusedLoan() async throws {
    let document = try await document { app in
      try await app.testing().exchange(
        .POST, "loans", headers: ["Content-Type": "application/json"],
        body: #"{"book": 2, "card": "stolen-card"}"#)
    }
    assertSnapshot(of: document, as: .document(secrets: .default.adding("card")))
  }

  /// One request's document: the application logs to a capture and traces to a tracer of this
  /// test's own (`withTracer` sets it for the test's task alone, so tests run in parallel).
  func document(_ send: @Sendable (Application) async throws -> HTTPExchange) async throws
    -> RequestDocument
  {
    let tracer = InMemoryTracer()
    let logs = LogCapture()
    return try await withTracer(tracer) {
      try await withApp(configure: configure) { app in
        app.logger = logs.logger(label: "library")
        let exchange = try await send(app)
        return RequestDocument(exchange, tracer: tracer, logs: logs)
      }
    }
  }
}
