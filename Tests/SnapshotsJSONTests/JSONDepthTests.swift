import Foundation
import SnapshotsJSON
import TestSupport
import Testing

/// One nesting limit for writing and reading JSON references: deeper values fail clearly, never
/// crash, and nothing is recorded that could not be read back.
@Suite struct JSONDepthTests {
  /// `depth` arrays, one inside the other.
  struct Nest: Encodable {
    var depth: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      if depth > 1 { try container.encode(Nest(depth: depth - 1)) }
    }
  }

  func verify(_ value: Nest, in folder: TemporaryDirectory) -> String? {
    verifySnapshot(
      of: value, as: .json, named: "nest", record: .missing, snapshotDirectory: folder.path)
  }

  @Test func theDeepestAllowedValueIsRecordedAndReadBack() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let deepest = Nest(depth: JSONValue.maximumDepth)
    #expect(verify(deepest, in: folder)?.hasPrefix("Recorded snapshot") == true)
    #expect(verify(deepest, in: folder) == nil)
  }

  @Test(arguments: [JSONValue.maximumDepth + 1, 10_000])
  func deeperValuesFailClearlyAndRecordNothing(depth: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let message = try #require(verify(Nest(depth: depth), in: folder))
    #expect(message.contains("nests deeper than 512 levels"), "\(message.prefix(300))")
    #expect(try folder.contents().isEmpty)
  }

  @Test func deeperTextIsRefusedWithItsPosition() throws {
    let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array(text.utf8)) }
    let fits = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONValue(parsing: Array(fits.utf8)) }
  }
}
