import Foundation
import TestSupport
import Testing

/// The record flow's edges a new user met in their first week, through the plugin: a dry run
/// under a suite that records in code, two tests whose names sanitise alike, a linked
/// `__Snapshots__` folder, a refusal's last line, an interrupted run, a filter that matches
/// nothing.
struct FirstWeek {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/WeekTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/WeekTests"

  static func source(confetti: String) -> String {
    """
    import Foundation
    import Snapshots
    import Testing

    @Suite(.snapshots(record: .all)) struct RecordingSuite {
      @Test func traitRecords() { assertSnapshot(of: "week", as: .lines) }
    }

    @Test func emoji🎉() { assertSnapshot(of: "party", as: .lines) }
    @Test func emoji🎊() { assertSnapshot(of: "\(confetti)", as: .lines) }

    @Test func crashesAfterAFailure() {
      assertSnapshot(of: "half", as: .lines)
      if ProcessInfo.processInfo.environment["WEEK_CRASH"] == "1" { fatalError("on purpose") }
    }

    """
  }

  func run() throws {
    try package.write(Self.test, Self.source(confetti: "confetti"))
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
      try? package.remove("Tests/AppTests/__Snapshots__/Linked")
      try? package.remove("Linked")
    }
    try dryRunWritesNothingWhateverTheCodeSays()
    try namesThatSanitiseAlikeNeverShareAFile()
    try aRefusalEndsWithItsReason()
    try anInterruptedRunIsNotAppliedUnlessAsked()
    try linkedFoldersAreSeen()
  }

  /// `.snapshots(record: .all)` on the suite: `--dry-run` still writes nothing.
  private func dryRunWritesNothingWhateverTheCodeSays() throws {
    let dryRun = try package.snapshotRecord("--dry-run", "--filter", "traitRecords")
    #expect(!package.exists(Self.folder + "/traitRecords.1.txt"), "\(dryRun.output)")
    #expect(
      dryRun.output.contains("Would record \(Self.folder)/traitRecords.1.txt"), "\(dryRun.output)")
    #expect(dryRun.output.contains("showing what they recorded"), "\(dryRun.output)")
    #expect(!dryRun.output.contains("applying what they recorded"), "\(dryRun.output)")
    // What the dry run showed stays pending, as every change nobody decided on: a run of
    // other tests leaves it, and recording its own test supersedes it.
    let other = try package.snapshotRecord("--filter", "emoji🎉")
    #expect(
      other.output.contains("Left pending: 1 change of earlier runs"), "\(other.output)")
    #expect(try package.snapshotRecord("--filter", "traitRecords").status == 0)
    let pending = try package.snapshotRecord("--pending")
    #expect(!pending.output.contains("traitRecords"), "\(pending.output)")
    let none = try package.snapshotRecord("--filter", "noTestIsCalledThis")
    #expect(none.status != 0)
    #expect(
      none.output.contains("no test matched --filter noTestIsCalledThis: nothing ran"),
      "\(none.output)")
  }

  /// `emoji🎉()` and `emoji🎊()` sanitise alike: each has its own file, and a run filtered to
  /// one writes only that one's.
  private func namesThatSanitiseAlikeNeverShareAFile() throws {
    let both = try package.snapshotRecord("--filter", "emoji")
    #expect(both.status == 0, "\(both.output)")
    #expect(try contents(ofFilesStartingWith: "emoji") == ["confetti", "party"], "\(both.output)")
    try package.write(Self.test, Self.source(confetti: "streamers"))
    let one = try package.snapshotRecord("--filter", "emoji🎊")
    #expect(one.status == 0, "\(one.output)")
    #expect(try contents(ofFilesStartingWith: "emoji") == ["party", "streamers"], "\(one.output)")
  }

  /// A refused apply says why in its last line (SwiftPM prints its own error line before the
  /// tool's output), and keeps the record:
  /// undoing the edit that caused it lets `--apply-only` apply it.
  private func aRefusalEndsWithItsReason() throws {
    #expect(try package.snapshotRecord("--filter", "crashesAfterAFailure").status == 0)
    let source = try package.read(Self.test).replacingOccurrences(
      of: "\"half\"", with: "\"quarter\"")
    try package.write(Self.test, source)
    #expect(try package.swift(["test", "--filter", "crashesAfterAFailure"]).status != 0)
    try package.write(Self.test, source + "// edited after the run\n")
    let refused = try package.snapshotRecord("--apply-only")
    #expect(refused.status != 0)
    #expect(refused.output.contains("changed since the tests ran"), "\(refused.output)")
    #expect(refused.output.contains("Kept 1 refused record"), "\(refused.output)")
    let last = refused.output.split(whereSeparator: \.isNewline).last ?? ""
    #expect(
      last == "Not everything was recorded: 1 refusal.", "\(refused.output)")
    // The tool's last line says why; the plugin adds no line of its own that SwiftPM would
    // print before the tool's (on a terminal, SwiftPM's "Plugin ended with exit code 1"
    // comes after them).
    #expect(!refused.output.contains("did not record everything"), "\(refused.output)")
    try package.write(Self.test, source)
    let applied = try package.snapshotRecord("--apply-only")
    #expect(applied.status == 0, "\(applied.output)")
    #expect(try package.read(Self.folder + "/crashesAfterAFailure.1.txt") == "quarter")
  }

  /// A `swift test` that crashed left a part of its records: `--apply-only` leaves them and
  /// says why; `--include-interrupted` applies them.
  private func anInterruptedRunIsNotAppliedUnlessAsked() throws {
    try package.write(
      Self.test,
      try package.read(Self.test).replacingOccurrences(
        of: "\"quarter\"", with: "\"halved\""))
    let crashed = try package.swift(
      ["test", "--filter", "crashesAfterAFailure"], environment: ["WEEK_CRASH": "1"])
    #expect(crashed.status != 0)
    let left = try package.snapshotRecord("--apply-only")
    #expect(left.status != 0)
    #expect(left.output.contains("a run whose tests did not finish"), "\(left.output)")
    #expect(try package.read(Self.folder + "/crashesAfterAFailure.1.txt") == "quarter")
    let applied = try package.snapshotRecord("--apply-only", "--include-interrupted")
    #expect(applied.status == 0, "\(applied.output)")
    #expect(try package.read(Self.folder + "/crashesAfterAFailure.1.txt") == "halved")
    // A crash under snapshot-record names the test it ended (and applies what it recorded).
    let halved = try package.read(Self.test)
    func crashing(with value: String) throws {
      try package.write(
        Self.test, halved.replacingOccurrences(of: "\"halved\"", with: "\"\(value)\""))
    }
    try crashing(with: "thirds")
    let recording = try package.swift(
      [
        "package", "--allow-writing-to-package-directory", "snapshot-record", "--filter",
        "crashesAfterAFailure",
      ], environment: ["WEEK_CRASH": "1"])
    #expect(recording.status != 0)
    #expect(
      recording.output.contains("Swift Testing tests crashed (signal ")
        && recording.output.contains(" in AppTests.crashesAfterAFailure(); "),
      "\(recording.output)")
    #expect(try package.read(Self.folder + "/crashesAfterAFailure.1.txt") == "thirds")
    // What a crashed `swift test` left is said at every apply until it is discarded.
    try crashing(with: "fourths")
    #expect(
      try package.swift(
        ["test", "--filter", "crashesAfterAFailure"], environment: ["WEEK_CRASH": "1"]
      ).status != 0)
    let announced = try package.snapshotRecord("--apply-only")
    #expect(
      announced.output.contains("or delete them with --discard-interrupted"),
      "\(announced.output)")
    let discarded = try package.snapshotRecord("--apply-only", "--discard-interrupted")
    #expect(discarded.status == 0, "\(discarded.output)")
    #expect(
      discarded.output.contains("Discarded 1 record of ")
        && discarded.output.contains("a run whose tests did not finish."), "\(discarded.output)")
    let after = try package.snapshotRecord("--apply-only")
    #expect(!after.output.contains("did not finish"), "\(after.output)")
    #expect(try package.read(Self.folder + "/crashesAfterAFailure.1.txt") == "thirds")
    try package.write(Self.test, halved)
    try package.write(Self.folder + "/crashesAfterAFailure.1.txt", "halved")
  }

  /// A `__Snapshots__` folder that is a link: orphans are listed and pruned through it, the
  /// gallery counts its references, and a reference that is a link is written through.
  private func linkedFoldersAreSeen() throws {
    let fileManager = FileManager.default
    let linked = package.folder.url.appendingPathComponent("Linked/WeekTests")
    try fileManager.createDirectory(at: linked, withIntermediateDirectories: true)
    try package.write("Linked/WeekTests/gone.1.txt", "from a test that is gone\n")
    try package.write("Linked/real-party.txt", "old party\n")
    try fileManager.createSymbolicLink(
      atPath: linked.appendingPathComponent(try partyFileName()).path,
      withDestinationPath: "../real-party.txt")
    // The suite's own folder moves behind a link: `__Snapshots__/Linked/…` is read through it.
    try package.remove(Self.folder)
    try fileManager.createSymbolicLink(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path,
      withDestinationPath: linked.path)
    let pruned = try package.snapshotRecord("--prune")
    #expect(pruned.output.contains("  \(Self.folder)/gone.1.txt"), "\(pruned.output)")
    #expect(!package.exists("Linked/WeekTests/gone.1.txt"))
    #expect(try package.read("Linked/real-party.txt") == "party", "written through the link")
    let link = try fileManager.destinationOfSymbolicLink(
      atPath: linked.appendingPathComponent(try partyFileName()).path)
    #expect(link == "../real-party.txt")
    let gallery = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-record", "--gallery-only"])
    #expect(gallery.status == 0, "\(gallery.output)")
    let catalog = try package.read(".build/snapshots/snapshot-catalog.json")
    #expect(catalog.contains("\"\(Self.folder)/traitRecords.1.txt\""), "\(catalog)")
  }

  private func partyFileName() throws -> String {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    for name in names where name.hasPrefix("emoji-") {
      if try package.read(Self.folder + "/" + name).hasPrefix("party") { return name }
    }
    return "emoji-party-not-found"
  }

  /// The contents of the suite's references whose names start with `prefix`, sorted.
  private func contents(ofFilesStartingWith prefix: String) throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    return try names.filter { $0.hasPrefix(prefix) }.map {
      try package.read(Self.folder + "/" + $0)
    }.sorted()
  }
}
