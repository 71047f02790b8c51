import Foundation
import Testing

/// The recording loop as a user runs it, on a throwaway package that depends on this one:
/// `swift test` fails and edits nothing, `snapshot-record` rewrites sources and records files,
/// refuses what is unsafe, lists and prunes orphans; then `swift test` passes.
@Suite(.serialized, .timeLimit(.minutes(30)))
struct SnapshotRecordTests {
  @Test func recordingLoop() throws {
    let package = try ThrowawayPackage(files: Fixtures.before)
    defer { package.folder.remove() }

    // Without the permission and a terminal to ask on, nothing runs.
    let denied = try package.swift(["package", "snapshot-record"])
    #expect(denied.status != 0)
    #expect(denied.output.contains("--allow-writing-to-package-directory"), "\(denied.output)")

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
    for (path, text) in Fixtures.before { #expect(try package.read(path) == text, "\(path)") }
    #expect(!package.exists("Tests/AppTests/__Snapshots__/FileTests/testRecord.1.txt"))

    // Recording rewrites every file it can and refuses the loop, touching nothing of it.
    let record = try package.snapshotRecord()
    #expect(record.status != 0)
    for (path, text) in Fixtures.after {
      let actual = try package.read(path)
      #expect(actual == text, "\(path):\n\(actual)")
    }
    #expect(
      try package.read("Tests/AppTests/LoopTests.swift")
        == Fixtures.before["Tests/AppTests/LoopTests.swift"])
    #expect(
      record.output.contains(
        "Refused Tests/AppTests/LoopTests.swift: line 5: assertInlineSnapshot recorded 2 different texts in one run"
      ))
    #expect(
      record.output.contains(
        "Recorded 1 file snapshot, rewrote 8 inline snapshots in 3 files; refused 1"),
      "\(record.output)")
    #expect(
      record.output.contains(
        "Orphan (no test used it): Tests/AppTests/__Snapshots__/Old/gone.1.txt"))
    #expect(
      try package.read("Tests/AppTests/__Snapshots__/FileTests/testRecord.1.txt").contains(
        "- key: \"a\""))

    // Without the loop, the tests pass.
    try package.remove("Tests/AppTests/LoopTests.swift")
    let passing = try package.swift(["test"])
    #expect(passing.status == 0, "\(passing.output)")
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

    // Recording again (the tests run against the edit) applies it and prunes the orphan.
    let pruned = try package.snapshotRecord("--prune")
    #expect(pruned.status == 0, "\(pruned.output)")
    #expect(pruned.output.contains("Deleted orphan: Tests/AppTests/__Snapshots__/Old/gone.1.txt"))
    #expect(!package.exists("Tests/AppTests/__Snapshots__/Old/gone.1.txt"))
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
    #expect(try package.swift(["test"]).status != 0)
    let applied = try package.snapshotRecord("--apply-only")
    #expect(applied.status == 0, "\(applied.output)")
    #expect(try package.read("Tests/AppTests/InlineTests.swift").contains("    dos\n"))

    // Nothing left to do: applying again changes nothing.
    let again = try package.snapshotRecord()
    #expect(
      again.output.contains("Recorded 0 file snapshots, rewrote 0 inline snapshots in 0 files"),
      "\(again.output)")
  }
}
