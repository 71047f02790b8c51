import Foundation
import SnapshotsJSON
import TestSupport
import Testing

/// A reference in Foundation's layout (swift-snapshot-testing's `.json`) is re-recorded in it,
/// byte for byte as `JSONEncoder` would write the new value; others stay canonical.
@Suite struct FoundationLayoutTests {
  struct Page: Codable {
    var title: String
    var path = "a/b"
    var tags: [String] = []
    var meta: [String: Int] = [:]
    var nested = ["k": [1, 2]]
    var escapes = "tab\t\"q\" \\ é"
  }

  func foundationText(_ page: Page) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(page)
  }

  func reRecord(_ page: Page, over reference: Data) throws -> Data {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("reRecord.1.json")
    try reference.write(to: file)
    let failure = verifySnapshot(
      of: page, as: .json, record: .all, snapshotDirectory: folder.path, testName: "reRecord")
    #expect(failure?.contains("Recorded") == true, "\(failure ?? "")")
    return try Data(contentsOf: file)
  }

  @Test func keepsFoundationsLayout() throws {
    let new = Page(title: "new")
    let written = try reRecord(new, over: try foundationText(Page(title: "old")))
    let expected = String(decoding: try foundationText(new), as: UTF8.self)
    let text = String(decoding: written, as: UTF8.self)
    #expect(text == expected, "\(text)\n---\n\(expected)")
  }

  @Test func canonicalReferencesStayCanonical() throws {
    let written = try reRecord(Page(title: "new"), over: Data("{\n  \"title\": \"old\"\n}\n".utf8))
    let text = String(decoding: written, as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"escapes\": "), "\(text)")
    #expect(text.contains("\"path\": \"a/b\""))
    #expect(text.hasSuffix("}\n"))
  }
}
