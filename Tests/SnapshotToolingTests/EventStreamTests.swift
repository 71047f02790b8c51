import Foundation
import TestSupport
import Testing

@testable import SnapshotTooling

/// A tool killed before it could remove its Swift Testing event stream and failure log leaves
/// them in the temporary folder; the next run removes those of tools that are gone, and only
/// those.
@Suite struct EventStreamTests {
  @Test func streamsOfToolsThatAreGoneAreRemoved() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let names = [
      "snapshots-events-record-1-\(gone.processIdentifier)-7.jsonl",
      "snapshots-failures-record-1-\(gone.processIdentifier)-7.jsonl",
      "snapshots-events-record-1-\(getpid())-7.jsonl",
      "snapshots-failures-record-1-\(getpid())-7.jsonl",
      "snapshots-events-record-1-\(getppid())-7.jsonl",
      "unrelated-1-\(gone.processIdentifier)-7.jsonl",
    ]
    for name in names {
      _ = FileManager.default.createFile(atPath: folder.file(name).path, contents: nil)
    }
    TestRunner.removeStaleRunFiles(in: folder.url)
    #expect(try folder.contents() == Array(names.dropFirst(2)).sorted())
  }
}
