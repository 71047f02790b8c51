import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// Runs from CI shards, joined: paths moved from the shards' checkout into this package,
/// identical duplicates applied once, different contents refused with both shards named.
@Suite struct ShardMergeTests {
  static let ciRoot = "/home/runner/work/App/App"

  func inline(_ file: String, line: Int, _ text: String) -> PendingRecord {
    .inline(
      PendingInlineRecord(
        sourceFile: "\(Self.ciRoot)/Tests/AppTests/\(file)", line: line, column: 5,
        functionName: "assertInlineSnapshot", closureLabel: "matches", trailingClosureIndex: 0,
        oldText: nil, newText: text, sourceHash: "h", testName: "t()"))
  }

  func fileRecord(_ name: String = "a.1.txt") -> PendingRecord {
    .file(
      PendingFileRecord(
        referencePath: "\(Self.ciRoot)/Tests/AppTests/__Snapshots__/T/\(name)", dataFile: "",
        testName: "a()", sourceFile: "\(Self.ciRoot)/Tests/AppTests/T.swift", line: 9))
  }

  /// A package whose test target holds these (empty) test files.
  func package(testFiles: [String]) throws -> TemporaryDirectory {
    let package = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: package.url.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
    for file in testFiles {
      try Data().write(to: package.url.appendingPathComponent("Tests/AppTests/\(file)"))
    }
    return package
  }

  @Test func shardsOfDifferentEnvironmentsWriteTheirOwnFiles() throws {
    let package = try package(testFiles: ["T.swift"])
    defer { package.remove() }
    let downloads = try TemporaryDirectory()
    defer { downloads.remove() }
    let linux = try shard(
      "linux", in: downloads, [(fileRecord("a.1.linux-x86_64.png"), Data("linux".utf8))])
    let mac = try shard(
      "mac", in: downloads, [(fileRecord("a.1.macos-arm64.png"), Data("mac".utf8))])
    let result = try ShardMerge(packageDirectory: package.url).merge([linux, mac])
    #expect(result.conflicts.isEmpty && result.unplaced.isEmpty)
    let written = RunApplier(packageDirectory: package.url, dryRun: false).apply(result.run)
    #expect(written.refused.isEmpty)
    let folder = package.url.appendingPathComponent("Tests/AppTests/__Snapshots__/T")
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("a.1.linux-x86_64.png"))
        == Data("linux".utf8))
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("a.1.macos-arm64.png")) == Data("mac".utf8)
    )
  }

  /// Many references from a shard are copied beside the package's references, synced
  /// together and renamed into place: each with its bytes, a linked reference written through
  /// its link, a read-only one kept read-only, no copy left behind, and the shard as it was.
  @Test func manyReferencesFromAShardAreWrittenTogether() throws {
    let package = try package(testFiles: ["T.swift"])
    defer { package.remove() }
    let downloads = try TemporaryDirectory()
    defer { downloads.remove() }
    let names = (0..<40).map { "r\($0).1.txt" }
    let folder = package.url.appendingPathComponent("Tests/AppTests/__Snapshots__/T")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let elsewhere = downloads.url.appendingPathComponent("linked.txt")
    try Data("old".utf8).write(to: elsewhere)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent(names[0]), withDestinationURL: elsewhere)
    try Data("old".utf8).write(to: folder.appendingPathComponent(names[1]))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o444], ofItemAtPath: folder.appendingPathComponent(names[1]).path)
    let ci = try shard(
      "ci", in: downloads, names.map { (fileRecord($0), Data("value of \($0)".utf8)) })
    let before = try FileManager.default.subpathsOfDirectory(atPath: ci.path).sorted()
    let result = try ShardMerge(packageDirectory: package.url).merge([ci])
    let written = RunApplier(packageDirectory: package.url, dryRun: false).apply(result.run)
    #expect(written.refused.isEmpty && written.recorded.count == 40, "\(written.refused)")
    for name in names.dropFirst() {
      #expect(
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
          == "value of \(name)")
    }
    #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "value of \(names[0])")
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(
        atPath: folder.appendingPathComponent(names[0]).path)) == elsewhere.path)
    let mode =
      try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(names[1]).path)[.posixPermissions] as? Int
    #expect(mode == 0o444)
    let build = package.url.appendingPathComponent(".build/snapshots").path
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: build))?.contains {
        $0.hasPrefix("staged-")
      } != true)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: ci.path).sorted() == before)
  }

  func shard(_ name: String, in root: TemporaryDirectory, _ records: [(PendingRecord, Data?)])
    throws -> URL
  {
    let folder = root.url.appendingPathComponent(name)
    let run = folder.appendingPathComponent("test-1")
    for (record, data) in records { try PendingStore.write(record, data: data, in: run) }
    return folder
  }

  /// `snapshot-record --review --from DIR…`: accepting writes into the package, rejecting only
  /// leaves the change out; the shards' folders are the user's downloads and stay as they are.
  @Test func aReviewOfShardsLeavesTheirFoldersAsTheyAre() throws {
    let package = try package(testFiles: ["T.swift"])
    defer { package.remove() }
    let downloads = try TemporaryDirectory()
    defer { downloads.remove() }
    let linux = try shard(
      "linux", in: downloads,
      [(fileRecord("a.1.txt"), Data("a".utf8)), (fileRecord("b.1.txt"), Data("b".utf8))])
    let before = try FileManager.default.subpathsOfDirectory(atPath: linux.path).sorted()
    let pending = try PendingChanges(
      packageDirectory: package.url, origin: .shards([linux]))
    var session = ReviewSession(pending) { _ in "" }
    session.handle(.accept)
    session.handle(.reject)
    #expect(session.isFinished)
    #expect(
      session.summary.last == "Review: accepted 1, rejected 1, skipped 0; nothing left pending.")
    let folder = package.url.appendingPathComponent("Tests/AppTests/__Snapshots__/T")
    #expect(try Data(contentsOf: folder.appendingPathComponent("a.1.txt")) == Data("a".utf8))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.1.txt").path))
    #expect(try FileManager.default.subpathsOfDirectory(atPath: linux.path).sorted() == before)
  }

  @Test func joinsShardsAndRefusesConflicts() throws {
    let package = try package(testFiles: ["T.swift", "U.swift"])
    defer { package.remove() }
    let downloads = try TemporaryDirectory()
    defer { downloads.remove() }
    let a = try shard(
      "shard-a", in: downloads,
      [(inline("T.swift", line: 3, "one"), nil), (fileRecord(), Data("x".utf8))])
    let b = try shard(
      "shard-b", in: downloads,
      [(inline("U.swift", line: 4, "two"), nil), (fileRecord(), Data("x".utf8))])
    let c = try shard("shard-c", in: downloads, [(inline("T.swift", line: 3, "uno"), nil)])
    let elsewhere = try shard(
      "shard-d", in: downloads,
      [
        (
          .inline(
            PendingInlineRecord(
              sourceFile: "/other/Tests/X/Missing.swift", line: 1, column: 1, functionName: "f",
              closureLabel: "matches", trailingClosureIndex: 0, oldText: nil, newText: "z",
              sourceHash: "", testName: "t()")), nil
        )
      ])

    let result = try ShardMerge(packageDirectory: package.url).merge([a, b, c, elsewhere])
    let local = package.url.standardizedFileURL.path
    #expect(
      result.conflicts.map(\.description) == [
        "Tests/AppTests/T.swift:3 (inline): shard-a and shard-c recorded different contents; nothing of it was applied"
      ])
    #expect(result.unplaced.count == 1 && result.unplaced[0].path.contains("shard-d"))
    // No shard logged references: none shows a complete run.
    #expect(result.incomplete == ["shard-a", "shard-b", "shard-c", "shard-d"])
    var targets: [String] = []
    for entry in result.run.entries {
      switch entry.record {
      case .inline(let call):
        targets.append("inline \(call.sourceFile):\(call.line) \(call.newText ?? "")")
      case .file(let file):
        targets.append(
          "file \(file.referencePath) \(try String(decoding: result.run.data(of: file) ?? Data(), as: UTF8.self))"
        )
      }
    }
    #expect(
      targets.sorted() == [
        "file \(local)/Tests/AppTests/__Snapshots__/T/a.1.txt x",
        "inline \(local)/Tests/AppTests/U.swift:4 two",
      ])
  }

  @Test func aShardIsCompleteWhenEveryProcessThatLoggedFinished() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    let downloads = try TemporaryDirectory()
    defer { downloads.remove() }
    let run = downloads.url.appendingPathComponent("shard-a/test-1")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    try Data("/ci/a.1.txt\n".utf8).write(to: run.appendingPathComponent("used-1-100-7"))
    try Data("/ci/b.1.txt\n".utf8).write(to: run.appendingPathComponent("used-2-200-7"))
    try Data().write(to: run.appendingPathComponent("finished-100"))
    let merge = ShardMerge(packageDirectory: package.url)
    #expect(
      try merge.merge([downloads.url.appendingPathComponent("shard-a")]).incomplete == ["shard-a"])
    try Data().write(to: run.appendingPathComponent("finished-200"))
    #expect(try merge.merge([downloads.url.appendingPathComponent("shard-a")]).incomplete.isEmpty)
  }
}

extension ShardMergeTests {
  /// A reference two assertions resolved to on one CI shard is in conflict in the merge, its
  /// path moved into this package, and never written; the other shard's record of it neither.
  @Test func aConflictOnOneShardRefusesTheReferenceEverywhere() throws {
    let package = try package(testFiles: ["T.swift"])
    defer { package.remove() }
    let downloads = try TemporaryDirectory()
    defer { downloads.remove() }
    let one = try shard("one", in: downloads, [(fileRecord("a.1.txt"), Data("one".utf8))])
    try Data("\(Self.ciRoot)/Tests/AppTests/__Snapshots__/T/a.1.txt".utf8).write(
      to: one.appendingPathComponent(
        "test-1/" + PendingStore.conflictPrefix + PendingStore.uniqueName()))
    let two = try shard(
      "two", in: downloads,
      [(fileRecord("a.1.txt"), Data("one".utf8)), (fileRecord("b.1.txt"), Data("b".utf8))])
    let result = try ShardMerge(packageDirectory: package.url).merge([one, two])
    let local = package.url.standardizedFileURL.path + "/Tests/AppTests/__Snapshots__/T/"
    #expect(result.run.conflicts == [local + "a.1.txt"])
    let report = RunApplier(packageDirectory: package.url, dryRun: false).apply(result.run)
    #expect(report.recorded == ["Tests/AppTests/__Snapshots__/T/b.1.txt"])
    #expect(report.refused.map(\.path) == ["Tests/AppTests/__Snapshots__/T/a.1.txt"])
    #expect(!FileManager.default.fileExists(atPath: local + "a.1.txt"))
  }
}
