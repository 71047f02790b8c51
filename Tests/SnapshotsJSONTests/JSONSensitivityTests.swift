import Snapshots
import Testing

@testable import SnapshotsJSON

/// What `--sensitivity` changes in JSON: each leaf, redacted again as the strategy redacts.
@Suite struct JSONSensitivityTests {
  static let text = #"{"id": "a1", "tags": ["x"], "n": 1, "ok": true, "none": null, "empty": {}}"#

  @Test func eachLeafIsChangedAndARedactionSaysItSwallowsIt() async throws {
    let strategy = Snapshotting<String, String>.json(redacting: ["$.id"])
    let snapshot = try await strategy.snapshot(Self.text).value()
    let changes = try #require(strategy.changes?(snapshot))
    #expect(changes.map(\.name) == ["$.empty", "$.id", "$.n", "$.none", "$.ok", "$.tags[0]"])
    let passing = changes.filter { strategy.diffing.diff(snapshot, $0.value) == nil }
    #expect(passing.map(\.name) == ["$.id"])
    #expect(passing.first?.ifUncaught == "the redaction $.id replaces it")
    #expect(passing.first?.value == snapshot)
    let changed = changes.first { $0.name == "$.tags[0]" }?.value
    #expect(changed?.contains(#""x⁂""#) == true)
    #expect(changes.first { $0.name == "$.n" }?.value.contains(#""n": 2"#) == true)
  }

  @Test func aRedactionOfEveryMemberLetsEveryChangePass() async throws {
    let strategy = Snapshotting<String, String>.json(redacting: ["$[*]"])
    let snapshot = try await strategy.snapshot(#"{"a": 1, "b": [2]}"#).value()
    let changes = try #require(strategy.changes?(snapshot))
    #expect(changes.map(\.name) == ["$.a", "$.b"])
    #expect(changes.allSatisfy { $0.value == snapshot })
    #expect(changes.allSatisfy { $0.ifUncaught == "the redaction $[*] replaces it" })
  }
}
