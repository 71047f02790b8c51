import Foundation
import Snapshots
import TestSupport
import Testing

@testable import SnapshotsJSON

/// Comparison is semantic, and failures name the changed paths.
@Suite struct JSONComparisonTests {
  struct Team: Codable {
    struct Member: Codable { var id: Int; var name: String }
    var users: [Member]
    var meta: [String: String]
  }

  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  func verify<Value>(_ value: Value, as strategy: Snapshotting<Value, String>, reference: String)
    throws -> String?
  {
    defer { folder.remove() }
    try Data(reference.utf8).write(to: folder.file("team.1.json"))
    return verifySnapshot(
      of: value, as: strategy, record: .never, snapshotDirectory: folder.path, testName: "team")
  }

  static let team = Team(
    users: [.init(id: 1, name: "Bo"), .init(id: 2, name: "Ann")], meta: ["etag": "x1", "v": "2"])

  @Test func formattingAndKeyOrderDoNotMatter() throws {
    let reference =
      #"{ "meta" : {"v":"2","etag":"x1"}, "users":[{"name":"Bo","id":1.0},{"id":2,"name":"Ann"}] }"#
    #expect(try verify(Self.team, as: .json, reference: reference) == nil)
  }

  @Test func referencesFromSwiftSnapshotTestingPass() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let theirs = String(decoding: try encoder.encode(Self.team), as: UTF8.self)
    #expect(theirs.contains("\"id\" : 1"))
    #expect(try verify(Self.team, as: .json, reference: theirs) == nil)
  }

  @Test func changesAreListedByPath() throws {
    var team = Self.team
    team.users[1].name = "Anna"
    team.users.append(.init(id: 5, name: "Cy"))
    team.meta["etag"] = nil
    let reference = String(decoding: try JSONEncoder().encode(Self.team), as: UTF8.self)
    let message = try #require(try verify(team, as: .json, reference: reference))
    #expect(
      message.contains(
        """
        - $.meta.etag
        $.users[1].name: "Ann" → "Anna"
        + $.users[2]: {"id":5,"name":"Cy"}
        """))
    #expect(message.contains("@@ "))
    #expect(message.contains("-      \"name\": \"Ann\"\n+      \"name\": \"Anna\""))
  }

  @Test func numbersCompareByValue() {
    #expect(JSONValue.numbersEqual("1.10", "1.1"))
    #expect(JSONValue.numbersEqual("1e3", "1000"))
    #expect(JSONValue.numbersEqual("-0", "0"))
    #expect(JSONValue.numbersEqual("18446744073709551615", "18446744073709551615"))
    #expect(
      !JSONValue.numbersEqual("123456789012345678901234567890", "123456789012345678901234567891"))
    #expect(!JSONValue.numbersEqual("9223372036854775807", "9223372036854775806"))
  }

  @Test func invalidActualJSONFailsWithItsPosition() throws {
    let message = try verify(Data("{\n  \"a\": [1,,2]\n}".utf8), as: .json, reference: "{}")
    #expect(
      message?.hasPrefix(
        "Could not snapshot the value: invalid JSON at line 2, column 11 (byte offset 12): ")
        == true)
  }

  @Test func invalidReferenceFailsWithItsPosition() throws {
    let message = try verify(Self.team, as: .json, reference: "{\"users\": [}")
    #expect(
      message?.contains(
        "The reference is not valid JSON: invalid JSON at line 1, column 12 (byte offset 11): ")
        == true)
  }
}
