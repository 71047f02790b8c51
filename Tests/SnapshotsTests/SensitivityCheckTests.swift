import Foundation
import TestSupport
import Testing

@_spi(Tooling) @testable import Snapshots

/// What `--sensitivity` tries on a text and why a change passes; the whole check runs through
/// the plugin (SnapshotRecordTests' Sensitivity).
@Suite struct SensitivityCheckTests {
  @Test func eachLineIsChangedAtItsEndInItsMiddleAndInCase() {
    let changes = SnapshotChange.lines(of: "ab\n1\nßx\n")
    #expect(
      changes.map(\.name) == [
        "line 1 (end)", "line 1 (middle)", "line 1 (case)", "line 2 (end)", "line 3 (end)",
        "line 3 (middle)", "line 3 (case)",
      ])
    #expect(changes.map(\.value).prefix(3) == ["ab⁂\n1\nßx\n", "a⁂b\n1\nßx\n", "AB\n1\nßx\n"])
    #expect(changes.last?.value == "ab\n1\nSSX\n")
    #expect(SnapshotChange.lines(of: "").map(\.name) == ["line 1 (end)"])
  }

  @Test func aChangeThatPassesIsExplained() {
    let change = SnapshotChange("line 1 (end)", "id 42⁂")
    #expect(
      SensitivityCheck.reason(
        change, original: "id 42", filters: [.uuids, .regex("id .*", replacement: "id")],
        packageRoot: nil, reference: "id") == "the filter /id .*/ replaces it")
    #expect(
      SensitivityCheck.reason(
        change, original: "id 42", filters: [], packageRoot: nil, reference: "id [..]")
        == "a pattern of the reference matches it")
    #expect(
      SensitivityCheck.reason(
        SnapshotChange(
          "line 1 (case)", "ID 42", ifUncaught: "the comparison ignores a change of case"),
        original: "id 42", filters: [], packageRoot: nil, reference: "id 42")
        == "the comparison ignores a change of case")
  }

  @Test func reportsAreAppendedAndAFailedWriteIsAnError() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let entry = SensitivityCheck.Entry(
      reference: "inline", sourceFile: "/P/T.swift", line: 9, tried: 1, passed: [])
    let log = folder.file("sensitivity.jsonl")
    try SensitivityCheck.append(entry, to: log.path)
    try SensitivityCheck.append(entry, to: log.path)
    #expect(SensitivityCheck.entries(in: log) == [entry, entry])
    #expect(throws: AtomicFile.WriteError.self) {
      try SensitivityCheck.append(entry, to: folder.file("missing/sensitivity.jsonl").path)
    }
  }

  @Test func aReportSaysWhichSnapshotsCannotFail() {
    let entries = [
      SensitivityCheck.Entry(
        reference: "/P/a.1.txt", sourceFile: "/P/T.swift", line: 3, tried: 3,
        passed: [.init(change: "line 1 (end)", reason: "the filter /.+/ replaces it")]),
      SensitivityCheck.Entry(
        reference: "inline", sourceFile: "/P/T.swift", line: 9, tried: 0, passed: []),
    ]
    #expect(!entries[0].cannotFail && entries[1].cannotFail)
    var image = entries[1]
    image.unchecked = true
    #expect(!image.cannotFail)
  }
}
