import Foundation
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

/// What each record mode writes and reports, on real files.
@Suite struct RecordModeTests {
  let folder: TemporaryDirectory
  let reference: URL

  init() throws {
    folder = try TemporaryDirectory()
    reference = folder.file("check.ref.txt")
  }

  func verify(_ value: String, record: SnapshotTestingConfiguration.Record?) -> String? {
    verifySnapshot(
      of: value, as: .lines, named: "ref", record: record, snapshotDirectory: folder.path,
      testName: "check()")
  }

  func onDisk() throws -> String { try String(contentsOf: reference, encoding: .utf8) }

  /// Asks, in code, to record into this package; run only by the test below, with `CI` set.
  @Test(.enabled(if: Probe.isRunning("codeChosenModeOnCIProbe")))
  func codeChosenModeOnCIProbe() {
    withSnapshotTesting(record: .all) {
      assertSnapshot(of: "written on CI?", as: .lines, named: "ci-probe")
    }
  }

  @Test func onCIACodeChosenModeWritesNothingIntoThePackage() async throws {
    let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/RecordModeTests/codeChosenModeOnCIProbe.ci-probe.txt")
    defer {
      try? FileManager.default.removeItem(at: reference)
      folder.remove()
    }
    let probe = try await Probe.run(
      "codeChosenModeOnCIProbe",
      environment: ["CI": "true", "SNAPSHOT_ARTIFACTS": folder.path])
    #expect(probe.status != 0)
    #expect(
      probe.output.contains(
        "Nothing was written: CI is set, so the record mode .all chosen in code"),
      "\(probe.output)")
    #expect(!FileManager.default.fileExists(atPath: reference.path))
  }

  /// Two test files of one name in two test targets: each failing value has its own artifact.
  @Test func sameTestFileNameInTwoTargetsHasTwoArtifacts() throws {
    let root = URL(fileURLWithPath: "/tmp/swift-snapshots-two-targets")
    try? FileManager.default.removeItem(at: root)
    defer { try? FileManager.default.removeItem(at: root) }
    for target in ["AppTests", "OtherTests"] {
      let folder = root.appendingPathComponent("Tests/\(target)/__Snapshots__/Shared")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("old".utf8).write(to: folder.appendingPathComponent("shared.1.txt"))
    }
    try Data("// swift-tools-version: 6.1\n".utf8).write(
      to: root.appendingPathComponent("Package.swift"))
    let app = verifySnapshot(
      of: "app", as: .lines, record: .never,
      file: "/tmp/swift-snapshots-two-targets/Tests/AppTests/Shared.swift", testName: "shared()")
    let other = verifySnapshot(
      of: "other", as: .lines, record: .never,
      file: "/tmp/swift-snapshots-two-targets/Tests/OtherTests/Shared.swift", testName: "shared()")
    let artifacts =
      ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
      ?? root.appendingPathComponent(".build/snapshot-artifacts")
    for (target, value, message) in [("AppTests", "app", app), ("OtherTests", "other", other)] {
      let actual = artifacts.appendingPathComponent(
        "Tests/\(target)/__Snapshots__/Shared/shared.1.txt")
      #expect(message?.contains("Actual:    \(actual.path)") == true, "\(message ?? "")")
      #expect(try String(contentsOf: actual, encoding: .utf8) == value)
    }
  }

  /// Asks, in code, to record everything; run only by the test below, under `snapshot-record`.
  @Test(.enabled(if: Probe.isRunning("codeChosenModeUnderRecordCommandProbe")))
  func codeChosenModeUnderRecordCommandProbe() {
    withSnapshotTesting(record: .all) {
      assertSnapshot(of: "written by the test?", as: .lines, named: "record-probe", record: .all)
    }
  }

  /// `snapshot-record --dry-run` must write nothing: under the command, the test process
  /// leaves every value to it, whatever the code's record mode.
  @Test func underTheRecordCommandACodeChosenModeWritesNothing() async throws {
    let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent(
        "__Snapshots__/RecordModeTests/codeChosenModeUnderRecordCommandProbe.record-probe.txt")
    defer {
      try? FileManager.default.removeItem(at: reference)
      folder.remove()
    }
    let probe = try await Probe.run(
      "codeChosenModeUnderRecordCommandProbe",
      environment: [
        "SNAPSHOTS_RUN": "record-probe", "SNAPSHOTS_PENDING_DIRECTORY": folder.path,
        "SNAPSHOT_TESTING_RECORD": "all", "SNAPSHOT_ARTIFACTS": folder.path,
      ])
    #expect(probe.status != 0)
    #expect(!FileManager.default.fileExists(atPath: reference.path), "\(probe.output)")
    #expect(probe.output.contains("Left for snapshot-record"), "\(probe.output)")
    let run = try PendingRun.load(folder.url.appendingPathComponent("record-probe"))
    #expect(run.entries.count == 1)
  }

  @Test func missingRecordsThenPasses() throws {
    defer { folder.remove() }
    #expect(
      verify("v1", record: .missing)
        == "Recorded snapshot: \(reference.path)\nRe-run the test to verify it.")
    #expect(try onDisk() == "v1")
    #expect(verify("v1", record: .missing) == nil)
  }

  /// A reference is opened by its name in its folder, opened once per process: a folder
  /// removed and made again since is read afresh, not through the old one.
  @Test func aFolderMadeAgainIsReadAfresh() throws {
    defer { folder.remove() }
    #expect(verify("v1", record: .missing) != nil)
    #expect(verify("v1", record: .never) == nil)
    try FileManager.default.removeItem(atPath: folder.path)
    try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: false)
    try "v2".write(to: reference, atomically: false, encoding: .utf8)
    #expect(verify("v2", record: .never) == nil)
    #expect(try onDisk() == "v2")
  }

  @Test func missingNeverOverwritesADifferentReference() throws {
    defer { folder.remove() }
    try Data("old\n".utf8).write(to: reference)
    let message = try #require(verify("new\n", record: .missing))
    #expect(message.contains("The snapshot does not match its reference: \(reference.path)"))
    #expect(message.contains("@@ -1 +1 @@\n-old\n+new"))
    #expect(try onDisk() == "old\n")
  }

  @Test func neverWritesNoReference() throws {
    defer { folder.remove() }
    let message = try #require(verify("v1", record: .never))
    #expect(message.hasPrefix("No reference was found: \(reference.path)"))
    #expect(message.contains("Nothing was written: the record mode is never."))
    #expect(try folder.contents().isEmpty)
  }

  @Test func failedOverwritesOnlyFailingReferences() throws {
    defer { folder.remove() }
    try Data("old".utf8).write(to: reference)
    let message = try #require(verify("new", record: .failed))
    #expect(
      message.hasPrefix(
        "The snapshot does not match its reference. Recorded a new snapshot over it: "))
    #expect(
      message.contains("\n-old\n\\ No newline at end of file\n+new\n"), "the diff it accepted")
    #expect(try onDisk() == "new")
    #expect(verify("new", record: .failed) == nil)
  }

  @Test func allRewritesChangesButLeavesUnchangedFilesAlone() throws {
    defer { folder.remove() }
    try Data("same".utf8).write(to: reference)
    let before =
      try FileManager.default.attributesOfItem(atPath: reference.path)[.modificationDate] as? Date
    Thread.sleep(forTimeInterval: 0.01)
    #expect(verify("same", record: .all) == nil)
    let after =
      try FileManager.default.attributesOfItem(atPath: reference.path)[.modificationDate] as? Date
    #expect(before == after)
    #expect(verify("changed", record: .all) != nil)
    #expect(try onDisk() == "changed")
  }

  @Test func unreadableReferenceFailsWithPathAndReasonAndIsKept() throws {
    defer { folder.remove() }
    let bytes = Data([0x61, 0x62, 0xFF, 0x63])
    try bytes.write(to: reference)
    let message = try #require(verify("abc", record: .missing))
    #expect(
      message.hasPrefix(
        "The reference could not be read (invalid UTF-8 at byte offset 2 (0xFF)): \(reference.path)"
      ))
    #expect(try Data(contentsOf: reference) == bytes)
  }

  @Test func failingActualValueIsSavedAsAnArtifact() throws {
    defer { folder.remove() }
    try Data("old".utf8).write(to: reference)
    let message = try #require(verify("new", record: .never))
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let artifacts =
      ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
      ?? packageRoot.appendingPathComponent(".build/snapshot-artifacts")
    let actual = artifacts.appendingPathComponent(
      ArtifactsFolder.relativeFolder(
        of: reference.deletingLastPathComponent().standardizedFileURL.path,
        packageRoot: packageRoot.standardizedFileURL.path)
    ).appendingPathComponent("check.ref.txt")
    #expect(message.contains("Actual:    \(actual.path)"))
    #expect(try String(contentsOf: actual, encoding: .utf8) == "new")
  }

  @Test func diffToolIsOfferedOnMismatch() throws {
    defer { folder.remove() }
    try Data("old".utf8).write(to: reference)
    let message = try withSnapshotTesting(diffTool: "meld") {
      try #require(verify("new", record: .never))
    }
    #expect(message.contains("Compare:   meld \(reference.path) /"))
  }

  @Test func scopedRecordModeApplies() throws {
    defer { folder.remove() }
    try Data("old".utf8).write(to: reference)
    withSnapshotTesting(record: .failed) {
      withSnapshotTesting(diffTool: "meld") {
        _ = verify("new", record: nil)
      }
    }
    #expect(try onDisk() == "new")
  }

  @Test func matchingSnapshotsAreNeverEncoded() throws {
    defer { folder.remove() }
    final class Calls { var count = 0 }
    let encodes = Calls()
    let counting = Snapshotting<String, String>(
      pathExtension: "txt",
      diffing: Diffing(
        toData: { text in
          encodes.count += 1
          return Data(text.utf8)
        },
        fromData: { String(decoding: $0, as: UTF8.self) },
        diff: { $0 == $1 ? nil : SnapshotDifference("differs") }))
    try Data("same".utf8).write(to: reference)
    let check = { (value: String) in
      verifySnapshot(
        of: value, as: counting, named: "ref", record: .never, snapshotDirectory: self.folder.path,
        testName: "check()")
    }
    #expect(check("same") == nil)
    #expect(encodes.count == 0)
    #expect(check("other") != nil)
    #expect(encodes.count == 1)
  }

  @Test func throwingValueFailsWithTheError() throws {
    defer { folder.remove() }
    struct Broken: Error {}
    let message = verifySnapshot(
      of: try { () throws -> String in throw Broken() }(), as: .lines, record: .missing,
      snapshotDirectory: folder.path)
    #expect(message == "Could not evaluate the value to snapshot: Broken()")
    #expect(try folder.contents().isEmpty)
  }

  @Test func aReferenceThatWouldNotReadBackIsNeverWritten() throws {
    defer { folder.remove() }
    struct Unreadable: Error {}
    let writesOnly = Snapshotting<String, String>(
      pathExtension: "txt",
      diffing: Diffing(
        toData: { Data($0.utf8) }, fromData: { _ in throw Unreadable() },
        diff: { _, _ in nil }))
    let message = verifySnapshot(
      of: "value", as: writesOnly, record: .missing, snapshotDirectory: folder.path)
    #expect(
      message
        == "The snapshot cannot be recorded: its file would not read back (Unreadable()). Nothing was written."
    )
    #expect(try folder.contents().isEmpty)
  }

  @Test func aReferenceThatIsADirectorySaysSo() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
    let message = try #require(verify("abc", record: .all))
    #expect(
      message == "Could not read the reference: \(reference.path) is a directory, not a file")
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: reference.path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  @Test func linesThatDifferOnlyInTheirEndingsSaySo() throws {
    defer { folder.remove() }
    // Its own name: failing values of `check.ref` are saved to one shared artifacts folder.
    try Data("a\r\nb\r\n".utf8).write(to: folder.file("crlf.1.txt"))
    let message = try #require(
      withSnapshotTesting(artifactsDirectory: folder.path) {
        verifySnapshot(
          of: "a\nb\n", as: .lines, record: .never, snapshotDirectory: folder.path,
          testName: "crlf()")
      })
    #expect(
      message.contains(
        "The texts differ only in their line endings: the reference has CRLF (\\r\\n), the actual value LF (\\n)."
      ), "\(message)")
    #expect(!message.contains("@@"))
  }

  /// A CRLF reference whose last line ends in a lone `\r`, and references that differ only in
  /// their final newline, say so rather than show a diff of lines that look alike.
  @Test func endingsAndFinalNewlinesSaySo() throws {
    defer { folder.remove() }
    let cases = [
      ("a\r\nb\r", "a\nb\n", "line endings:"),
      ("a\r\nb\r", "a\nb", "line endings and final newline:"),
      (
        "a\nb\n", "a\nb",
        "final newline: The reference ends with one newline, the actual value with no newline."
      ),
      (
        "a\nb", "a\nb\n\n",
        "final newline: The reference ends with no newline, the actual value with 2 newlines."
      ),
    ]
    for (index, (reference, actual, says)) in cases.enumerated() {
      try Data(reference.utf8).write(to: folder.file("endings.e\(index).txt"))
      let message = try #require(
        withSnapshotTesting(artifactsDirectory: folder.path) {
          verifySnapshot(
            of: actual, as: .lines, named: "e\(index)", record: .never,
            snapshotDirectory: folder.path, testName: "endings()")
        })
      #expect(message.contains("The texts differ only in their " + says), "\(message)")
      #expect(!message.contains("@@"), "\(message)")
    }
  }
}
