import Foundation
import SnapshotsPNG
import TestSupport
import Testing

/// CI shards as the ShardedCI article sets them up, each a `swift test` with its own pending
/// folder, applied together by `snapshot-record --from` (or its older spelling `--apply`); and the environment fingerprint of PNG
/// references, read back by `snapshots info` and named by a failure against a reference from
/// elsewhere.
struct Shards {
  let package: ThrowawayPackage

  static let source = "Tests/AppTests/ShardTests.swift"
  static let more = "Tests/AppTests/ShardMoreTests.swift"
  static let reference = "Tests/AppTests/__Snapshots__/ShardTests/shardFile.1.txt"
  static let orphan = "Tests/AppTests/__Snapshots__/ShardTests/gone.1.txt"

  static let sourceText = """
    import Foundation
    import InlineSnapshots
    import Snapshots
    import Testing

    @Test func shardTwo() {
      assertInlineSnapshot(of: "two", as: .lines)
    }

    @Test func shardOne() {
      assertInlineSnapshot(of: ProcessInfo.processInfo.environment["SHARD_VALUE"] ?? "one", as: .lines)
    }

    @Test func shardFile() {
      assertSnapshot(of: "new", as: .lines)
    }

    @Test func shardLost() {
      assertInlineSnapshot(of: "lost", as: .lines)
      if ProcessInfo.processInfo.environment["SHARD_CRASH"] == "1" { fatalError("the shard's machine went away") }
    }

    """

  static let moreText = """
    import InlineSnapshots
    import Testing

    @Test func shardMore() {
      assertInlineSnapshot(of: "more", as: .lines)
    }

    """

  func run() throws {
    try package.write(Self.source, Self.sourceText)
    try package.write(Self.more, Self.moreText)
    try package.write(Self.reference, "old\n")
    try package.write(Self.orphan, "from a test that is gone\n")
    defer {
      for path in [Self.source, Self.more, Self.reference, Self.orphan] {
        try? package.remove(path)
      }
    }
    let downloads = try TemporaryDirectory()
    defer { downloads.remove() }

    // Four shards: a call; the CI default folder (`CI` set, no variable) with calls in two
    // files and a failing file snapshot; the first shard's call recorded differently; and a
    // shard whose test process crashed after its record.
    let one = try shard("shard-1", "shardOne", into: downloads)
    let two = try ciDefaultShard("shard-2", "shardTwo|shardMore|shardFile", into: downloads)
    let odd = try shard("shard-3", "shardOne", into: downloads, ["SHARD_VALUE": "uno"])
    let lost = try shard("shard-4", "shardLost", into: downloads, ["SHARD_CRASH": "1"])

    let all = try package.snapshotRecord("--from", one, two, odd, lost)
    #expect(all.status != 0, "\(all.output)")
    #expect(
      all.output.contains(
        "Refused \(Self.source):11 (inline): shard-1 and shard-3 recorded different contents; nothing of it was applied"
      ), "\(all.output)")
    #expect(
      all.output.contains("Orphans are not listed: shard-4 did not report a complete run."),
      "\(all.output)")
    let applied = try package.read(Self.source)
    #expect(applied.contains("of: \"two\", as: .lines) {\n    \"\"\"\n    two\n"))
    #expect(applied.contains("of: \"lost\", as: .lines) {\n    \"\"\"\n    lost\n"))
    #expect(applied.contains("?? \"one\", as: .lines)\n"), "the conflict is not applied")
    #expect(try package.read(Self.more).contains("of: \"more\", as: .lines) {\n"))
    #expect(try package.read(Self.reference) == "new")
    #expect(package.exists(Self.orphan))

    // A test source that differs from what CI saw is refused whole, its file snapshot too.
    try package.write(Self.source, Self.sourceText + "// another commit\n")
    try package.write(Self.more, Self.moreText)
    try package.write(Self.reference, "old\n")
    let edited = try package.snapshotRecord("--apply", one, two)
    #expect(edited.status != 0)
    #expect(
      edited.output.contains("Refused \(Self.source): the file changed since the tests ran"),
      "\(edited.output)")
    #expect(
      edited.output.contains(
        "Refused \(Self.reference): its test \(Self.source) changed since the tests ran"),
      "\(edited.output)")
    #expect(try package.read(Self.reference) == "old\n")

    // `--filter` with `--from`: a dry run, then one test; the records it leaves in the file it
    // rewrote are moved onto the new text (in the downloads), so the full apply takes them.
    try package.write(Self.source, Self.sourceText)
    try package.write(Self.more, Self.moreText)
    let dryRun = try package.snapshotRecord(
      "--from", one, two, "--filter", "shardTwo", "--dry-run")
    #expect(dryRun.status == 0 && dryRun.output.contains("+++ \(Self.source)"), "\(dryRun.output)")
    #expect(try package.read(Self.source) == Self.sourceText)
    let filtered = try package.snapshotRecord("--from", one, two, "--filter", "shardTwo")
    #expect(filtered.status == 0, "\(filtered.output)")
    #expect(filtered.output.contains("Orphans are not listed: --filter"), "\(filtered.output)")
    let partly = try package.read(Self.source)
    #expect(partly.contains("of: \"two\", as: .lines) {\n") && !partly.contains("one\n    \"\"\""))
    #expect(try package.read(Self.more) == Self.moreText)
    #expect(try package.read(Self.reference) == "old\n")

    // Every shard in it ran whole: their reference logs together tell the orphan.
    let whole = try package.snapshotRecord("--from", one, two)
    #expect(whole.status == 0, "\(whole.output)")
    #expect(whole.output.contains("Orphan (its test is gone): \(Self.orphan)"), "\(whole.output)")
    #expect(
      try package.read(Self.source).contains("?? \"one\", as: .lines) {\n    \"\"\"\n    one\n"))
    #expect(try package.read(Self.reference) == "new")
    try package.remove(Self.orphan)
    let passing = try package.swift(["test", "--filter", "shardOne|shardTwo|shardFile|shardMore"])
    #expect(passing.status == 0, "\(passing.output)")
  }

  /// `swift test --filter` with its own `SNAPSHOTS_PENDING_DIR`, failing as a shard with
  /// changes does.
  private func shard(
    _ name: String, _ filter: String, into downloads: TemporaryDirectory,
    _ extra: [String: String] = [:]
  ) throws -> String {
    let folder = downloads.url.appendingPathComponent(name).path
    let run = try package.swift(
      ["test", "--filter", filter],
      environment: extra.merging(["SNAPSHOTS_PENDING_DIR": folder]) { $1 })
    #expect(run.status != 0, "\(run.output)")
    return folder
  }

  /// A shard that sets no folder on CI: its run is in the default store, uploaded from there.
  private func ciDefaultShard(_ name: String, _ filter: String, into downloads: TemporaryDirectory)
    throws -> String
  {
    let store = package.folder.url.appendingPathComponent(".build/snapshots/pending")
    try? FileManager.default.removeItem(at: store)
    let run = try package.swift(["test", "--filter", filter], environment: ["CI": "true"])
    #expect(run.status != 0, "\(run.output)")
    let folder = downloads.url.appendingPathComponent(name)
    try FileManager.default.moveItem(at: store, to: folder)
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    #expect(names.contains { $0.contains("/used-") }, "the CI run logs references: \(names)")
    #expect(names.contains { $0.contains("/finished-") }, "and says it ended: \(names)")
    return folder.path
  }

  /// A PNG reference says where it was recorded: a failure against one from elsewhere says so
  /// first, `snapshots info` prints it, and recording here writes this machine's.
  func fingerprints() throws {
    let test = "Tests/AppTests/FingerprintTests.swift"
    let reference = "Tests/AppTests/__Snapshots__/FingerprintTests/fingerprinted.1.png"
    try package.write(
      test,
      """
      import Snapshots
      import SnapshotsPNG
      import Testing

      @Test func fingerprinted() throws {
        assertSnapshot(of: try Image(width: 2, height: 2, filledWith: (200, 30, 30, 255)), as: .png)
      }

      """)
    defer {
      try? package.remove(test)
      try? package.remove(reference)
    }
    let elsewhere = RecordingEnvironment(
      operatingSystem: "macOS 15.2", architecture: "arm64", swift: "6.2", libpng: "1.6.43")
    let fixture = try Image(width: 2, height: 2, filledWith: (200, 30, 31, 255))
    try package.write(reference, "")
    try fixture.pngData(recordedIn: elsewhere).write(
      to: package.folder.url.appendingPathComponent(reference))

    let failing = try package.swift(["test", "--filter", "fingerprinted"])
    #expect(failing.status != 0)
    #expect(
      failing.output.contains(
        "The reference was recorded on macOS 15.2 arm64, Swift 6.2, libpng 1.6.43; this run: \(RecordingEnvironment.current.summary). That is the likely cause; `.perEnvironment()` on the strategy (or `.snapshots(environment: .platform)` on the suite) keeps a reference per environment (\"The same result on every machine\")."
      ), "\(failing.output)")

    let tool = try #require(package.snapshotsTool(), "the snapshots tool was built")
    let there = try Command(tool.path, ["info", reference], in: package.folder.url)
    #expect(
      there.status == 0
        && there.output.contains(
          "recorded on OS macOS 15.2, Architecture arm64, Swift 6.2, libpng 1.6.43"),
      "\(there.output)")

    let recorded = try package.snapshotRecord("--filter", "fingerprinted")
    #expect(recorded.status == 0, "\(recorded.output)")
    let here = try Command(tool.path, ["info", reference], in: package.folder.url)
    let current = RecordingEnvironment.current
    #expect(
      here.output.contains(
        "recorded on OS \(current.operatingSystem), Architecture \(current.architecture), Swift \(current.swift), libpng \(current.libpng)"
      ), "\(here.output)")
    #expect(try package.swift(["test", "--filter", "fingerprinted"]).status == 0)
  }
}
