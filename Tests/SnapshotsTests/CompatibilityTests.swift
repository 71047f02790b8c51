import Foundation
import Snapshots
import SnapshotsCompatibility
import TestSupport
import Testing

/// swift-snapshot-testing 1.19.7's configuration API and deprecated spellings compile and do
/// what they did there.
@Suite struct CompatibilityTests {
  typealias DiffTool = SnapshotTestingConfiguration.DiffTool

  @Test func diffToolsSpellCommandsAsTheirsDo() {
    let literal: DiffTool = "ksdiff"
    #expect(literal(currentFilePath: "/r.txt", failedFilePath: "/a.txt") == "ksdiff /r.txt /a.txt")
    #expect(
      DiffTool.ksdiff(currentFilePath: "/r.txt", failedFilePath: "/a.txt")
        == "ksdiff \"/r.txt\" \"/a.txt\"")
    #expect(DiffTool.default(reference: "/r", actual: "/a").contains("file:///a"))
  }

  @Test func aScopeAlwaysHasADiffTool() {
    withSnapshotTesting(record: .missing) {
      #expect(SnapshotTestingConfiguration.current?.diffTool != nil)
    }
  }

  @Test(.snapshots) func theBareTraitScopesNothingNew() {
    #expect(SnapshotTestingConfiguration.current?.record == nil)
  }

  @Test(.snapshots(SnapshotTestingConfiguration(record: .failed, diffTool: .ksdiff)))
  func theTraitTakesAWholeConfiguration() {
    #expect(SnapshotTestingConfiguration.current?.record == .failed)
  }

  @available(*, deprecated)
  @Test func deprecatedSpellingsForwardToTheNormalAPI() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let literal: SnapshotTestingConfiguration.Record = true
    #expect(literal == .all)
    let none: DiffTool = nil
    #expect(none(reference: "/r", actual: "/a") == DiffTool.default(reference: "/r", actual: "/a"))
    #expect(
      verifySnapshot(
        matching: "x", as: .lines, named: "a", record: false, snapshotDirectory: folder.path)?
        .hasPrefix("Recorded snapshot") == true)
    #expect(
      verifySnapshot(
        of: "y", as: .lines, named: "a", record: true, snapshotDirectory: folder.path)?
        .hasPrefix("The snapshot does not match its reference. Recorded a new snapshot") == true)
    #expect(try folder.text("deprecatedSpellingsForwardToTheNormalAPI.a.txt") == "y")
  }

  /// Sets the process-wide `isRecording`; run only in a child process by the test below.
  @available(*, deprecated)
  @Test(.enabled(if: Probe.isRunning("isRecordingProbe")))
  func isRecordingProbe() throws {
    let folder = try #require(ProcessInfo.processInfo.environment["PROBE_FOLDER"])
    isRecording = true
    #expect(isRecording)
    _ = verifySnapshot(of: "new", as: .lines, named: "g", snapshotDirectory: folder)
    withSnapshotTesting(record: .never) { #expect(!isRecording) }
  }

  @Test func isRecordingRecordsUnlessAScopeSaysOtherwise() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("old".utf8).write(to: folder.file("isRecordingProbe.g.txt"))
    let probe = try await Probe.run(
      "isRecordingProbe",
      environment: ["PROBE_FOLDER": folder.path, "SNAPSHOT_TESTING_RECORD": "never"])
    #expect(probe.status == 0, "\(probe.output)")
    #expect(try folder.text("isRecordingProbe.g.txt") == "new")
  }
}

/// swift-snapshot-testing's first inline spelling compares (it is not rewritten here).
@Suite struct LegacyInlineSpellingTests {
  @available(*, deprecated)
  @Test func comparesWithTheGivenText() {
    #expect(_verifyInlineSnapshot(matching: "a", as: .lines, with: "a") == nil)
    let failure = _verifyInlineSnapshot(matching: "b", as: .lines, record: true, with: "a")
    #expect(
      failure?.contains("The inline snapshot does not match (record: true cannot write it)") == true
    )
    #expect(failure?.contains("+b") == true)
  }
}
