import Foundation
import Testing

@testable import SnapshotsJSON

/// JSONTestSuite, from `../shared/conformance/jsontestsuite` beside the checkout: every `y_`
/// file is accepted, every `n_` file refused with a position, and no `i_` file crashes.
enum JSONTestSuite {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "shared/conformance/jsontestsuite/test_parsing")

  static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.path) }

  static func files(_ prefix: String) -> [String] {
    guard isAvailable else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    try Array(Data(contentsOf: folder.appendingPathComponent(name)))
  }
}

@Suite(
  .enabled(
    if: JSONTestSuite.isAvailable,
    "JSONTestSuite is not beside the checkout (../shared/conformance/jsontestsuite): skipped"))
struct JSONTestSuiteTests {
  @Test(arguments: JSONTestSuite.files("y_"))
  func acceptsValidDocuments(file: String) throws {
    let bytes = try JSONTestSuite.bytes(file)
    let value = try JSONValue(parsing: bytes)
    // The canonical text is itself JSON that means the same, whichever tree it is written from.
    let again = try JSONValue(parsing: Array(value.canonicalText.utf8))
    #expect(again.isSemanticallyEqual(to: value))
    #expect(try JSONValue.canonicalText(parsing: bytes) == value.canonicalText)
  }

  @Test(arguments: JSONTestSuite.files("n_"))
  func refusesInvalidDocumentsWithAPosition(file: String) throws {
    let bytes = try JSONTestSuite.bytes(file)
    let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: bytes) }
    #expect(error.line >= 1 && error.column >= 1 && error.byteOffset <= bytes.count)
  }

  @Test(arguments: JSONTestSuite.files("i_"))
  func implementationDefinedDocumentsParseOrFailWithoutCrashing(file: String) throws {
    let bytes = try JSONTestSuite.bytes(file)
    do {
      _ = try JSONValue(parsing: bytes).canonicalText
    } catch {
      #expect(!error.reason.isEmpty)
    }
  }

  @Test func suiteIsThere() {
    #expect(JSONTestSuite.files("y_").count > 90 && JSONTestSuite.files("n_").count > 180)
  }
}
