import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The review at the size of a large package: 3,000 pending changes that share their diff, one
/// group, whose screen answers a key without going through every change for every member.
@Suite struct ReviewScaleTests {
  static let count = 3_000

  /// A package whose store holds `count` changes of `status: ok` to `status: changed`.
  static func package() throws -> TemporaryDirectory {
    let package = try TemporaryDirectory()
    let source = package.url.appendingPathComponent("Tests/AppTests/T.swift")
    let folder = package.url.appendingPathComponent("Tests/AppTests/__Snapshots__/T")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("// the tests\n".utf8).write(to: source)
    let run = PendingStore.defaultDirectory(packageRoot: package.url)
      .appendingPathComponent("record-\(PendingStore.uniqueName())")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    for index in 0..<count {
      let reference = folder.appendingPathComponent("test.\(index).txt")
      try Data("reference \(index)\nstatus: ok\n".utf8).write(to: reference)
      let record = PendingFileRecord(
        referencePath: reference.path, dataFile: "", testName: "test()",
        sourceFile: source.path, line: 1, sourceHash: ContentHash.of("// the tests\n"))
      try PendingStore.write(
        .file(record), data: Data("reference \(index)\nstatus: changed\n".utf8), in: run)
    }
    _ = FileManager.default.createFile(
      atPath: run.appendingPathComponent("\(PendingStore.finishedPrefix)\(getpid())").path,
      contents: nil)
    return package
  }

  @Test func aKeyOnTheScreenOfALargeGroupAnswersAtOnce() throws {
    let package = try Self.package()
    defer { package.remove() }
    var session = ReviewSession(
      try PendingChanges(packageDirectory: package.url, origin: .store), openGallery: { _ in "" })
    let first = session.screen(width: 120, height: 40, colored: false)
    #expect(first[0].hasPrefix("[group 1/1]  the same change in \(Self.count) references"))
    // The slowest of a few keys that draw the group's screen again, as the terminal does:
    // a scan of every change per member took seconds here.
    var slowest = Duration.zero
    for key in ["j", "n", "d", "j"] {
      let start = ContinuousClock.now
      session.handle(byte: UInt8(ascii: Unicode.Scalar(key)!))
      let screen = session.screen(width: 120, height: 40, colored: false)
      slowest = max(slowest, ContinuousClock.now - start)
      #expect(screen.count == 40)
    }
    #expect(slowest < .milliseconds(100), "the slowest key took \(slowest)")
    let screen = session.screen(width: 120, height: 40, colored: false)
    #expect(screen[0].hasPrefix("[group 1/1]"), "\(screen)")
    // The group's two lines, a blank line, `In:` and a place per change, in the 35 rows left.
    #expect(screen.contains("… \(Self.count + 4 - 34) more lines"), "\(screen)")
  }

  /// The group accepted by its id, as `--accept` does: every reference takes its new bytes,
  /// written on every core, and the store is left empty.
  @Test func aLargeGroupIsAcceptedWhole() throws {
    let package = try Self.package()
    defer { package.remove() }
    var pending = try PendingChanges(packageDirectory: package.url, origin: .store)
    let group = try #require(pending.groups().first)
    var lines: [String] = []
    let review = PendingReview(packageDirectory: package.url, origin: .store) { lines.append($0) }
    #expect(review.decide(accepting: [group.id], rejecting: []) == .success)
    #expect(lines.last == "Accepted \(Self.count), rejected 0; 0 changes left pending.")
    #expect(lines.filter { $0.hasPrefix("Recorded ") }.count == Self.count)
    let folder = package.url.appendingPathComponent("Tests/AppTests/__Snapshots__/T")
    for index in 0..<Self.count {
      let text = try String(
        contentsOf: folder.appendingPathComponent("test.\(index).txt"), encoding: .utf8)
      #expect(text == "reference \(index)\nstatus: changed\n")
    }
    #expect(try PendingChanges(packageDirectory: package.url, origin: .store).count == 0)
  }

  /// What the tool reads on every core comes back in the order it was asked for.
  @Test(arguments: [0, 1, 2, 3, 10_001])
  func aConcurrentMapKeepsTheOrder(count: Int) {
    let numbers = Array(0..<count)
    #expect(numbers.concurrentMap { $0 * 2 } == numbers.map { $0 * 2 })
  }
}
