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
    let tracer = InMemoryTracer()
    let logs = LogCapture()
    try await withTracer(tracer) {
      try await withApp(configure: configure) { app in
        app.logger = logs.logger(label: "library")
        let exchange = try await app.testing().exchange(.GET, "books/42")
        assertSnapshot(of: RequestDocument(exchange, tracer: tracer, logs: logs))
      }
    }
  }

  /// A refused loan: the card never reaches the reference, neither in the request body nor in
  /// the log line.
  @Test func aRefusedLoan() async throws {
    let tracer = InMemoryTracer()
    let logs = LogCapture()
    try await withTracer(tracer) {
      try await withApp(configure: configure) { app in
        app.logger = logs.logger(label: "library")
        let exchange = try await app.testing().exchange(
          .POST, "loans", headers: ["Content-Type": "application/json"],
          body: #"{"book": 2, "card": "stolen-card"}"#)
        assertSnapshot(
          of: RequestDocument(exchange, tracer: tracer, logs: logs),
          as: .document(secrets: .default.adding("card")))
      }
    }
  }
}
