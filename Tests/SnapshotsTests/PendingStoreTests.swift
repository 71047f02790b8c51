import Foundation
@_spi(Tooling) import SnapshotTooling
import TestSupport
import Testing

@_spi(Tooling) @testable import Snapshots

/// Pending records: one file each under a unique name, read back whole.
@Suite struct PendingStoreTests {
  @Test func concurrentWritersNeverOverwriteEachOther() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          let record = PendingInlineRecord(
            sourceFile: "/T.swift", line: index, column: 3, functionName: "assertInlineSnapshot",
            closureLabel: "matches", trailingClosureIndex: 0, oldText: nil, newText: "\(index)",
            sourceHash: "0", testName: "t()")
          try? PendingStore.write(.inline(record), data: nil, in: folder.url)
        }
      }
    }
    let run = try PendingRun.load(folder.url)
    let lines = run.entries.compactMap { entry -> Int? in
      guard case .inline(let record) = entry.record else { return nil }
      return record.line
    }
    #expect(Set(lines) == Set(0..<200))
    #expect(try folder.contents().allSatisfy { !$0.hasSuffix(".tmp") })
  }

  @Test func aNewRunKeepsOnlyTheNewestRuns() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    let record = PendingInlineRecord(
      sourceFile: "/T.swift", line: 1, column: 3, functionName: "assertInlineSnapshot",
      closureLabel: "matches", trailingClosureIndex: 0, oldText: nil, newText: "x",
      sourceHash: "0", testName: "t()")
    for index in 0..<7 {
      let run = store.url.appendingPathComponent("test-\(index)")
      try PendingStore.write(.inline(record), data: nil, in: run)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: Double(index - 100))], ofItemAtPath: run.path
      )
    }
    let unrelated = store.url.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: unrelated, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: unrelated.appendingPathComponent("notes.txt"))
    try FileManager.default.setAttributes(
      [.modificationDate: Date.distantPast], ofItemAtPath: unrelated.path)

    let current = store.url.appendingPathComponent("test-new")
    try PendingStore.write(.inline(record), data: nil, in: current)
    PendingStore.prune(store: store.url, keeping: current)
    #expect(
      try store.contents().sorted() == [
        "notes", "test-3", "test-4", "test-5", "test-6", "test-new",
      ])
  }

  /// A run older than the newest five stays while it holds a change no newer run replaces (a
  /// test that failed once, then was not run again), or a record that cannot be read.
  @Test func anOlderRunWithAnUndecidedChangeIsKept() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    func record(_ test: String) -> PendingRecord {
      .inline(
        PendingInlineRecord(
          sourceFile: "/T.swift", line: test == "t()" ? 1 : 2, column: 3,
          functionName: "assertInlineSnapshot", closureLabel: "matches", trailingClosureIndex: 0,
          oldText: nil, newText: "x", sourceHash: "0", testName: test))
    }
    for index in 0..<7 {
      let run = store.url.appendingPathComponent("test-\(index)")
      try PendingStore.write(record(index == 1 ? "other()" : "t()"), data: nil, in: run)
      if index == 2 { try Data("{".utf8).write(to: run.appendingPathComponent("1-1-1.record")) }
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: Double(index - 100))], ofItemAtPath: run.path
      )
    }
    let current = store.url.appendingPathComponent("test-new")
    try PendingStore.write(record("t()"), data: nil, in: current)
    PendingStore.prune(store: store.url, keeping: current)
    #expect(
      try store.contents().sorted() == [
        "test-1", "test-2", "test-3", "test-4", "test-5", "test-6", "test-new",
      ])
  }

  @Test func fileRecordsKeepTheirBytes() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let bytes = Data([0, 1, 2, 255])
    let record = PendingFileRecord(
      referencePath: "/R/a.1.bin", dataFile: "", testName: "t()",
      sourceFile: "/T/some/longer/path/to/a/test/File.swift", line: 7)
    try PendingStore.write(.file(record), data: bytes, in: folder.url)
    let run = try PendingRun.load(folder.url)
    guard case .file(let loaded) = try #require(run.entries.first).record else {
      Issue.record("not a file record")
      return
    }
    #expect(loaded.referencePath == "/R/a.1.bin")
    #expect(loaded.sourceFile == "/T/some/longer/path/to/a/test/File.swift" && loaded.line == 7)
    #expect(try run.data(of: loaded) == bytes)
  }

  /// A record file that does not read as a record is no entry of its run, and does not stop
  /// the others being read: the run names it, with why in a few words.
  @Test func aDamagedRecordSaysWhichFileAndWhy() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let record = PendingFileRecord(referencePath: "/R/a.1.txt", dataFile: "", testName: "t()")
    try PendingStore.write(.file(record), data: Data("a\n".utf8), in: folder.url)
    let whole = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first {
        $0.hasSuffix(".record")
      })
    let text = try Data(contentsOf: folder.file(whole))
    try text.prefix(text.count / 2).write(to: folder.file("1-cut.record"))
    try Data().write(to: folder.file("2-empty.record"))
    try Data("{\"kind\": 1}".utf8).write(to: folder.file("3-other.record"))
    let run = try PendingRun.load(folder.url)
    #expect(run.entries.count == 1)
    #expect(
      run.damaged.map { "\($0.url.lastPathComponent): \($0.reason)" } == [
        "1-cut.record: its \(text.count / 2) bytes are not a whole JSON document",
        "2-empty.record: it is empty",
        "3-other.record: its 11 bytes are JSON, but not a pending record",
      ])
  }

  /// A file record carries its bytes' size and SHA-256, for the tool to check.
  @Test func aFileRecordCarriesItsBytesSizeAndDigest() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let record = PendingFileRecord(referencePath: "/R/a.1.txt", dataFile: "", testName: "t()")
    try PendingStore.write(.file(record), data: Data("abc".utf8), in: folder.url)
    guard
      case .file(let loaded) = try #require(try PendingRun.load(folder.url).entries.first).record
    else {
      Issue.record("not a file record")
      return
    }
    #expect(loaded.dataSize == 3)
    // `printf abc | sha256sum`
    #expect(
      loaded.dataSHA256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }
}
