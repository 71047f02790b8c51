import Foundation
import SnapshotsCompatibility
import SnapshotsJSON
import TestSupport
import Testing

/// swift-snapshot-testing's `.plist`, `.json(_ encoder:)` and `.json` of `Any` work here.
@Suite struct FoundationStrategyTests {
  struct Event: Codable { var name = "launch"; var when = Date(timeIntervalSince1970: 0) }

  func record<Value>(
    _ value: Value, as strategy: Snapshotting<Value, String>, in folder: TemporaryDirectory,
    testName: String = #function
  ) throws -> String {
    _ = verifySnapshot(
      of: value, as: strategy, named: "v", record: .missing, snapshotDirectory: folder.path,
      testName: testName)
    #expect(
      verifySnapshot(
        of: value, as: strategy, named: "v", record: .never, snapshotDirectory: folder.path,
        testName: testName) == nil)
    let name = try #require(try folder.contents().first)
    return try folder.text(name)
  }

  @Test func plistIsFoundationsXML() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let text = try record(Event(), as: .plist, in: folder)
    #expect(text.contains("<key>name</key>") && text.contains("<string>launch</string>"))
    #expect(try folder.contents() == ["plistIsFoundationsXML.v.plist"])
  }

  @Test func jsonTakesAnEncoder() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    #expect(
      try record(Event(), as: .json(encoder), in: folder)
        == "{\n  \"name\": \"launch\",\n  \"when\": \"1970-01-01T00:00:00Z\"\n}\n")
  }

  @Test func jsonOfAnyJSONSerializableValue() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let value: [String: Any] = ["b": [1, 2], "a": "x"]
    #expect(
      try record(value, as: .json, in: folder)
        == "{\n  \"a\": \"x\",\n  \"b\": [\n    1,\n    2\n  ]\n}\n")
    let message = verifySnapshot(
      of: Date() as Any, as: .json, named: "d", record: .missing, snapshotDirectory: folder.path)
    #expect(message?.contains("is not a JSON value") == true, "\(message ?? "")")
  }

  @Test func waitDelaysTheSnapshot() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let started = Date()
    _ = try record("x", as: .wait(for: 0.2, on: .lines), in: folder)
    #expect(Date().timeIntervalSince(started) >= 0.4, "waited twice")
  }

  @available(*, deprecated)
  @Test func aTupleDiffBecomesADifferenceWithArtifacts() {
    let diffing = Diffing<String>(
      toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) },
      diff: {
        $0 == $1
          ? nil : ("differs", [XCTAttachment(data: Data([1]), uniformTypeIdentifier: "public.png")])
      })
    #expect(diffing.diff("a", "a") == nil)
    let difference = diffing.diff("a", "b")
    #expect(difference?.message == "differs")
    #expect(
      difference?.artifacts == [
        SnapshotArtifact(name: "attachment-1", pathExtension: "png", data: Data([1]))
      ])
    #expect(diffing.diffV2("a", "b")?.0 == "differs")
  }
}
