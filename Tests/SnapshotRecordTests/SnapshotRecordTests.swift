import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

/// The recording loop as a user runs it, on a throwaway package that depends on this one:
/// `swift test` fails and edits nothing, `snapshot-record` rewrites sources and records files,
/// refuses what is unsafe, lists and prunes orphans; then `swift test` passes.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct SnapshotRecordTests {
  @Test func recordingLoop() throws {
    let documents = try DocSnippets.files(in: ThrowawayPackage.repository)
    let package = try ThrowawayPackage(files: Fixtures.before.merging(documents) { $1 })
    defer { package.folder.remove() }

    // Every Swift block of the README and the DocC articles compiles (this also builds the
    // libraries every later step uses).
    let docs = try package.swift(["build", "--target", DocSnippets.target])
    #expect(docs.status == 0, "the documents' code does not compile:\n\(docs.output)")
    #expect(documents.count > 15, "\(documents.count) files from the documents")

    // Without the permission and a terminal to ask on, nothing runs.
    let denied = try package.swift(["package", "snapshot-record"])
    #expect(denied.status != 0)
    #expect(denied.output.contains("--allow-writing-to-package-directory"), "\(denied.output)")

    let help = try package.snapshotRecord("--help")
    #expect(help.status == 0 && help.output.contains("--apply-only"), "\(help.output)")

    // A dry run shows the changes and writes nothing.
    let dryRun = try package.snapshotRecord("--dry-run")
    #expect(dryRun.status != 0, "the loop is refused: \(dryRun.output)")
    #expect(
      dryRun.output.contains(
        "Would rewrite 6 inline snapshots in Tests/AppTests/InlineTests.swift"), "\(dryRun.output)")
    #expect(dryRun.output.contains("+    [1, 2]"))
    #expect(
      dryRun.output.contains("Would record Tests/AppTests/__Snapshots__/FileTests/testRecord.1.txt")
    )
    #expect(
      dryRun.output.contains(
        "--- /dev/null\n+++ Tests/AppTests/__Snapshots__/FileTests/testRecord.1.txt\n"),
      "file snapshots are shown as diffs too")
    for (path, text) in Fixtures.before { #expect(try package.read(path) == text, "\(path)") }
    #expect(!package.exists("Tests/AppTests/__Snapshots__/FileTests/testRecord.1.txt"))

    // Recording rewrites every file it can and refuses the loop, touching nothing of it.
    let record = try package.snapshotRecord()
    #expect(record.status != 0)
    for step in ["Building the tests…", "Running the Swift Testing tests…", "Applying "] {
      #expect(record.output.contains(step), "progress: \(step)")
    }
    #expect(
      record.output.contains("Not everything was recorded: 1 refusal"), "the reason comes last")
    // Each progress line arrives when its step starts, before the output of that step.
    let order = [
      "Building the tests…", "Built the tests", "Running the Swift Testing tests…",
      "Test run started", "Applying ",
    ].map { record.output.range(of: $0)?.lowerBound }
    #expect(
      order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "\(record.output)")
    for (path, text) in Fixtures.after {
      let actual = try package.read(path)
      #expect(actual == text, "\(path):\n\(actual)")
    }
    #expect(
      try package.read("Tests/AppTests/LoopTests.swift")
        == Fixtures.before["Tests/AppTests/LoopTests.swift"])
    #expect(
      record.output.contains(
        "Refused Tests/AppTests/LoopTests.swift: line 5: call of assertInlineSnapshot recorded 2 different texts in one run"
      ))
    #expect(
      record.output.contains(
        "Recorded 1 file snapshot, rewrote 8 inline snapshots in 3 files; refused 1"),
      "\(record.output)")
    #expect(!record.output.contains("Orphan"), "a run that refused something lists no orphans")
    #expect(
      try package.read("Tests/AppTests/__Snapshots__/FileTests/testRecord.1.txt").contains(
        "- key: \"a\""))

    // Without the loop, the tests pass.
    try package.remove("Tests/AppTests/LoopTests.swift")
    let passing = try package.swift(["test"])
    #expect(passing.status == 0, "\(passing.output)")

    // Failures it cannot record are counted, listed and make it fail; nothing is pruned.
    for (path, text) in Fixtures.broken { try package.write(path, text) }
    let broken = try package.snapshotRecord("--prune")
    #expect(broken.status == 1)
    #expect(
      broken.output.contains(
        "Not recorded: 5 failures (other assertions: 4, unreadable references: 1):"),
      "\(broken.output)")
    #expect(broken.output.contains("  Tests/AppTests/BrokenTests.swift:5: Expectation failed"))
    for (line, message) in [
      (10, "XCTAssertGreaterThanOrEqual failed"), (13, "Expectation failed"),
      (27, "Expectation failed"),
    ] {
      #expect(
        broken.output.contains("  Tests/AppTests/SharedLineTests.swift:\(line): \(message)"),
        "\(broken.output)")
    }
    for (test, value) in [("testHelper", 1), ("twoOnOneLine", 3), ("swiftTestingHelper", 5)] {
      #expect(
        try package.read("Tests/AppTests/__Snapshots__/SharedLineTests/\(test).1.txt")
          == "- \(value)\n")
    }
    // What is left fails the suite, as the record said.
    #expect(try package.swift(["test", "--filter", "SharedLine|twoOnOneLine|Helper"]).status == 1)
    try package.remove("Tests/AppTests/SharedLineTests.swift")
    try package.remove("Tests/AppTests/__Snapshots__/SharedLineTests")
    #expect(
      broken.output.contains(
        "  Tests/AppTests/BrokenTests.swift:9: Could not read the reference: \(package.folder.url.standardizedFileURL.path)/Tests/AppTests/__Snapshots__/BrokenTests/unreadableReference.1.txt is a directory, not a file"
      ))
    #expect(broken.output.contains("Not pruning"))
    #expect(package.exists("Tests/AppTests/__Snapshots__/Old/gone.1.txt"))
    try package.remove("Tests/AppTests/BrokenTests.swift")
    try package.remove("Tests/AppTests/__Snapshots__/BrokenTests")
    #expect(try package.snapshotRecord("--apply-only").output.contains("No pending snapshots"))

    // A test run leaves records; a file edited afterwards is refused, not clobbered.
    let changed = try package.read("Tests/AppTests/InlineTests.swift")
      .replacingOccurrences(of: "of: \"one\"", with: "of: \"uno\"")
    try package.write("Tests/AppTests/InlineTests.swift", changed)
    #expect(try package.swift(["test"]).status != 0)
    let edited = changed + "// edited after the run\n"
    try package.write("Tests/AppTests/InlineTests.swift", edited)
    let stale = try package.snapshotRecord("--apply-only")
    #expect(stale.status != 0)
    #expect(
      stale.output.contains(
        "Refused Tests/AppTests/InlineTests.swift: the file changed since the tests ran"),
      "\(stale.output)")
    #expect(try package.read("Tests/AppTests/InlineTests.swift") == edited)

    // Recording again (the tests run against the edit) applies it and prunes the references
    // whose tests are gone, saying which first; tests that did not run keep theirs.
    let pruned = try package.snapshotRecord("--prune")
    #expect(pruned.status == 0, "\(pruned.output)")
    #expect(
      pruned.output.contains(
        """
        Deleting 2 orphaned snapshots (their tests are gone):
          Tests/AppTests/__Snapshots__/KeptTests/removedTest.1.txt
          Tests/AppTests/__Snapshots__/Old/gone.1.txt
        """), "\(pruned.output)")
    #expect(!package.exists("Tests/AppTests/__Snapshots__/Old/gone.1.txt"))
    for kept in ["disabledTest", "conditionalTest", "windowsOnly", "testSkipped"] {
      #expect(package.exists("Tests/AppTests/__Snapshots__/KeptTests/\(kept).1.txt"), "\(kept)")
    }
    #expect(
      try package.read("Tests/AppTests/InlineTests.swift").contains(
        "    \"\"\"\n    uno\n    \"\"\""))
    #expect(try package.swift(["test"]).status == 0)

    // A filtered run records only the tests it ran, and lists no orphans; `--apply-only`
    // applies what a plain `swift test` left.
    let tabs = try package.read("Tests/AppTests/TabTests.swift")
    try package.write(
      "Tests/AppTests/TabTests.swift", tabs.replacingOccurrences(of: "a\\tb", with: "a\\tc"))
    let inline = try package.read("Tests/AppTests/InlineTests.swift")
    try package.write(
      "Tests/AppTests/InlineTests.swift",
      inline.replacingOccurrences(of: "of: \"two\"", with: "of: \"dos\""))
    let filtered = try package.snapshotRecord("--filter", "tabs")
    #expect(filtered.status == 0, "\(filtered.output)")
    #expect(
      filtered.output.contains(
        "Recorded 0 file snapshots, rewrote 1 inline snapshot in Tests/AppTests/TabTests.swift"),
      "\(filtered.output)")
    #expect(!filtered.output.contains("Orphan"))
    #expect(try package.read("Tests/AppTests/TabTests.swift").contains("\t\ta\tc\n"))
    #expect(try package.read("Tests/AppTests/InlineTests.swift").contains("    two\n"))
    // Two plain runs leave records of different tests: `--apply-only` applies both runs.
    try package.write(
      "Tests/AppTests/TabTests.swift",
      try package.read("Tests/AppTests/TabTests.swift")
        .replacingOccurrences(of: "a\\tc", with: "a\\td"))
    #expect(try package.swift(["test", "--filter", "severalInOneTest"]).status != 0)
    #expect(try package.swift(["test", "--filter", "tabs"]).status != 0)
    let applied = try package.snapshotRecord("--apply-only")
    #expect(applied.status == 0, "\(applied.output)")
    #expect(try package.read("Tests/AppTests/InlineTests.swift").contains("    dos\n"))
    #expect(try package.read("Tests/AppTests/TabTests.swift").contains("\t\ta\td\n"))

    // Nothing left to do: applying again changes nothing. `--quiet` says only that.
    let again = try package.snapshotRecord("--quiet")
    #expect(!again.output.contains("Running the") && !again.output.contains("Building the"))
    #expect(
      again.output.contains("Recorded 0 file snapshots, rewrote 0 inline snapshots in 0 files"),
      "\(again.output)")
    #expect(again.status == 0, "\(again.output)")

    try Review(package: package).run()
    try ReviewGroups(package: package).run()
    try ReviewHunks(package: package).run()
    try BrowserReviewScenario(package: package).run()
    try WaitingChanges(package: package).run()
    try FirstWeek(package: package).run()
    try SameVerdict(package: package).run()
    try Patterns(package: package).run()
    try Sensitivity(package: package).run()
    try Stability(package: package).run()
    try failingRunsKeepOnlyTheNewestRuns(package)
    try Shards(package: package).run()
    try Shards(package: package).fingerprints()
    try GalleryPlugin(package: package).run()
    try killingTheCommandStopsEverything(package)
    try InterruptedApply(package: package).run(trials: 20)
    try FullDisk(package: package).run()
    try ManyAssertions(package: package).run()
    try Migration(package: package).run()
  }

  /// Every failing `swift test` leaves a pending run; the store keeps the newest five.
  private func failingRunsKeepOnlyTheNewestRuns(_ package: ThrowawayPackage) throws {
    try package.write(
      "Tests/AppTests/PruneTests.swift",
      "import InlineSnapshots\nimport Testing\n\n@Test func pruned() {\n  assertInlineSnapshot(of: \"x\", as: .lines)\n}\n"
    )
    defer { try? package.remove("Tests/AppTests/PruneTests.swift") }
    let store = package.folder.url.appendingPathComponent(".build/snapshots/pending")
    for _ in 0..<7 {
      #expect(try package.swift(["test", "--filter", "pruned"]).status != 0)
    }
    let runs = try FileManager.default.contentsOfDirectory(atPath: store.path)
    #expect(runs.count == PendingStore.keptRuns, "\(runs)")
    try FileManager.default.removeItem(at: store)
  }

  /// `kill -9` of `swift package … snapshot-record` while a test hangs, then Ctrl-C (SIGINT):
  /// within seconds no process it started is left.
  private func killingTheCommandStopsEverything(_ package: ThrowawayPackage) throws {
    for signal in [SIGKILL, SIGINT] {
      let command = try package.start(
        ["package", "--allow-writing-to-package-directory", "snapshot-record"],
        environment: ["APP_HANG": "1"])
      let marker = package.folder.url.standardizedFileURL.path
      // Wait for the hanging test binary (the build is done: this package built before).
      let hanging = "AppPackageTests.xctest --testing-library swift-testing"
      #expect(Processes.waitFor(marker, hanging, seconds: 300), "the Swift Testing pass runs")
      let (left, seconds) = Processes.stop(command, with: signal, thenWaitFor: marker)
      #expect(left.isEmpty, "signal \(signal): left running: \(left)")
      // Within a second on a quiet machine; the margin is for one whose cores are busy.
      #expect(seconds < 3, "signal \(signal): stopped within seconds")
    }
  }
}
