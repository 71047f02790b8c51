import InlineSnapshots
import Library
import SnapshotsVapor
import XCTVapor

/// The same adapter from XCTVapor's tester, in an XCTest test case.
final class LibraryXCTests: XCTestCase {
  func testABookThroughXCTVapor() async throws {
    let app = try await Application.make(.testing)
    configure(app)
    let exchange = try await app.testable().exchange(.GET, "books/1")
    try await app.asyncShutdown()
    assertInlineSnapshot(of: exchange) {
      """
      GET /books/1 HTTP/1.1

      HTTP/1.1 200 OK
      content-type: application/json; charset=utf-8
      content-length: 41

      {
        "copies": 5,
        "id": 1,
        "title": "Middlemarch"
      }

      """
    }
  }
}
