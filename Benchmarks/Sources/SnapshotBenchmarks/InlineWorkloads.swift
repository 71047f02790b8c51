import Foundation
@_spi(Internals) import InlineSnapshotTesting
import SnapshotTesting
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots

/// Applying pending inline snapshots: `snapshots apply` (reading the records, rewriting, writing
/// the file) against swift-snapshot-testing's rewrite when the test process exits.
enum InlineWorkloads {
  /// Where swift-snapshot-testing's side writes its source: it names files by `StaticString`,
  /// so the path must be a literal.
  static let theirFile: StaticString = "/tmp/swift-snapshots-benchmark-inline/InlineTests.swift"

  static func rows() throws -> [Row] {
    var rows: [Row] = []
    for count in [500, 1_000, 2_000, 4_000] {
      let theirs = count == 2_000 || count == 1_000 ? try theirTime(count: count) : nil
      rows.append(
        Row(
          name: "apply \(count.formatted()) pending inline records in one file",
          ours: try ourTime(files: 1, perFile: count), theirs: theirs,
          target: count == 2_000 ? "≤ 1.0× theirs, linear" : "linear"))
    }
    rows.append(
      Row(
        name: "apply 1,000 pending inline records over 50 files",
        ours: try ourTime(files: 50, perFile: 20), theirs: nil, target: "< 1 s"))
    rows.append(
      Row(
        name: "apply 9,000 inline and 1,000 file records from 8 CI shards (`--apply`)",
        ours: try shardTime(shards: 8, files: 45, perFile: 200, fileRecords: 1_000), theirs: nil,
        target: "< 2 s"))
    return rows
  }

  /// `snapshots apply --from …` on shard folders whose records name another checkout
  /// (`/ci/App`), as CI leaves them: joined, moved into the package and applied.
  static func shardTime(shards: Int, files: Int, perFile: Int, fileRecords: Int) throws
    -> Double
  {
    var best = Double.infinity
    for _ in 0..<3 {
      let work = FileManager.default.temporaryDirectory.appendingPathComponent(
        "swift-snapshots-benchmark-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: work) }
      let package = work.appendingPathComponent("App")
      try FileManager.default.createDirectory(
        at: package.appendingPathComponent("Tests"), withIntermediateDirectories: true)
      try Data("// swift-tools-version: 6.1\n".utf8).write(
        to: package.appendingPathComponent("Package.swift"))
      let shardFolders = (0..<shards).map { work.appendingPathComponent("shard-\($0)") }
      func run(_ index: Int) -> URL {
        shardFolders[index % shards].appendingPathComponent("test-1")
      }
      let (text, calls) = source(count: perFile)
      let hash = ContentHash.of(text)
      for file in 0..<files {
        let name = "Tests/File\(file)Tests.swift"
        try Data(text.utf8).write(to: package.appendingPathComponent(name))
        for (index, call) in calls.enumerated() {
          let record = PendingInlineRecord(
            sourceFile: "/ci/App/" + name, line: call.line, column: call.column,
            functionName: "assertInlineSnapshot", closureLabel: "matches",
            trailingClosureIndex: 0, oldText: nil, newText: "\(index)", sourceHash: hash,
            testName: "value\(index)()")
          try PendingStore.write(.inline(record), data: nil, in: run(file))
        }
      }
      for index in 0..<fileRecords {
        let record = PendingFileRecord(
          referencePath: "/ci/App/Tests/__Snapshots__/File0Tests/value\(index).1.txt",
          dataFile: "", testName: "value\(index)()", sourceFile: "/ci/App/Tests/File0Tests.swift",
          line: 1)
        try PendingStore.write(.file(record), data: Data("value \(index)".utf8), in: run(index))
      }
      best = min(
        best,
        try timedApply(
          ["--package-directory", package.path, "--quiet"]
            + shardFolders.flatMap { ["--from", $0.path] }, in: package))
    }
    return best
  }

  /// Seconds `snapshots apply` with these options takes; it must succeed.
  static func timedApply(_ options: [String], in package: URL) throws -> Double {
    let command = try SnapshotsCommand(parsing: ["apply"] + options, currentDirectory: package)
    var lines: [String] = []
    let start = ContinuousClock.now
    let status = command.run(print: { lines.append($0) })
    let elapsed = ContinuousClock.now - start
    guard status == .success else {
      throw ChildProcess.Failed(
        command: "snapshots apply: \(lines.suffix(3).joined(separator: " / "))",
        status: status.rawValue)
    }
    return elapsed.seconds
  }

  /// A test file of `count` inline assertions without references, and each call's line and
  /// column (where `#line` and `#column` point: the argument list).
  static func source(count: Int) -> (text: String, calls: [(line: Int, column: Int)]) {
    var lines = ["import InlineSnapshots", "import Testing", ""]
    var calls: [(Int, Int)] = []
    for index in 0..<count {
      lines.append("@Test func value\(index)() {")
      calls.append((lines.count + 1, 23))
      lines.append("  assertInlineSnapshot(of: \(index), as: .description)")
      lines.append("}")
      lines.append("")
    }
    return (lines.joined(separator: "\n"), calls)
  }

  /// `snapshots apply` on a package folder holding the sources and their pending records.
  static func ourTime(files: Int, perFile: Int) throws -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
      let package = FileManager.default.temporaryDirectory.appendingPathComponent(
        "swift-snapshots-benchmark-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: package) }
      try FileManager.default.createDirectory(
        at: package.appendingPathComponent("Tests"), withIntermediateDirectories: true)
      try Data("// swift-tools-version: 6.1\n".utf8).write(
        to: package.appendingPathComponent("Package.swift"))
      let (text, calls) = source(count: perFile)
      let hash = ContentHash.of(text)
      for file in 0..<files {
        let path = package.appendingPathComponent("Tests/File\(file)Tests.swift").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        for (index, call) in calls.enumerated() {
          let record = PendingInlineRecord(
            sourceFile: path, line: call.line, column: call.column,
            functionName: "assertInlineSnapshot", closureLabel: "matches",
            trailingClosureIndex: 0, oldText: nil, newText: "\(index)",
            sourceHash: hash, testName: "value\(index)()")
          try PendingStore.write(.inline(record), testFilePath: path)
        }
      }
      // Written here rather than by a test process, the run has no "finished" marker.
      best = min(
        best,
        try timedApply(
          ["--package-directory", package.path, "--include-interrupted"], in: package))
    }
    return best
  }

  /// swift-snapshot-testing's at-exit rewrite, timed inside a child process (`--inline-theirs`).
  static func theirTime(count: Int) throws -> Double {
    let output = try ChildProcess.runSelf(["--inline-theirs", String(count)], showingErrors: false)
    guard let seconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw CocoaError(.featureUnsupported) }
    return seconds
  }

  /// The child: records `count` inline snapshots the way `record: .all` does in a test, then
  /// exits; the time from the last assertion to the end of the at-exit rewrite is printed.
  static func runTheirChild(count: Int) throws {
    let folder = URL(fileURLWithPath: "\(theirFile)").deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let (text, calls) = source(count: count)
    try Data(text.utf8).write(to: URL(fileURLWithPath: "\(theirFile)"))
    // Registered first, so it runs last: after swift-snapshot-testing's handler.
    atexit {
      print((ContinuousClock.now - ExitTimer.start).seconds)
      try? FileManager.default.removeItem(atPath: "\(InlineWorkloads.theirFile)")
    }
    for (index, call) in calls.enumerated() {
      InlineSnapshotTesting.assertInlineSnapshot(
        of: index, as: .description, record: .all, file: theirFile, line: UInt(call.line),
        column: UInt(call.column))
    }
    ExitTimer.start = ContinuousClock.now
    exit(0)
  }
}

/// When the child's assertions ended, read by its last at-exit handler.
enum ExitTimer {
  nonisolated(unsafe) static var start = ContinuousClock.now
}
