import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// Review by groups: 300 pending changes that make three changes of lines, each in 100
/// references with other lines around them, and 5 changes of their own.
@Suite struct ChangeGroupTests {
  let package: TemporaryDirectory
  let root: String

  /// The lines each group's references change from and to.
  static let groupLines = [
    ("Server: old", "Server: hummingbird"), ("footer 1", "footer 2"), ("x-a: 1", "x-a: 2"),
  ]

  init() throws {
    package = try TemporaryDirectory()
    root = package.url.standardizedFileURL.path
    let source = root + "/Tests/AppTests/T.swift"
    try write("// the tests\n", at: source)
    let store = PendingStore.defaultDirectory(packageRoot: package.url)
    let run = store.appendingPathComponent("record-\(PendingStore.uniqueName())")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    var line = 0
    func change(_ name: String, old: String, new: String) throws {
      line += 1
      try write(old, at: reference(name))
      let record = PendingFileRecord(
        referencePath: reference(name), dataFile: "", testName: "\(name)()", sourceFile: source,
        line: line, sourceHash: ContentHash.of("// the tests\n"))
      try PendingStore.write(.file(record), data: Data(new.utf8), in: run)
    }
    for (group, (old, new)) in Self.groupLines.enumerated() {
      for index in 0..<100 {
        let around = "response \(group)-\(index)\n"
        try change(
          "g\(group)-\(index)", old: around + old + "\nend\n", new: around + new + "\nend\n")
      }
    }
    for index in 0..<5 {
      try change("single\(index)", old: "value \(index)\n", new: "value \(index + 10)\n")
    }
    _ = FileManager.default.createFile(
      atPath: run.appendingPathComponent("\(PendingStore.finishedPrefix)\(getpid())").path,
      contents: nil)
  }

  func reference(_ name: String) -> String {
    root + "/Tests/AppTests/__Snapshots__/T/\(name).1.txt"
  }

  func write(_ text: String, at path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ name: String) throws -> String {
    try String(contentsOfFile: reference(name), encoding: .utf8)
  }

  func pending() throws -> PendingChanges {
    try PendingChanges(packageDirectory: package.url, origin: .store)
  }

  /// A reference edited by hand after the groups were worked out (during a review) is read
  /// again when its group is decided: the group's hunk alone is written, and the edit stays.
  @Test func aReferenceEditedDuringTheReviewIsReadAgain() throws {
    defer { package.remove() }
    var pending = try pending()
    let server = try #require(pending.groups().first { $0.added == ["Server: hummingbird"] })
    let edited = "edited by hand\nresponse 0-0\nServer: old\nend\n"
    try write(edited, at: reference("g0-0"))
    let id = try #require(pending.changes.first { $0.testName == "g0-0()" }).id
    let decisions = pending.decide(server, accepting: true)
    #expect(decisions.first { $0.id == id }?.isPart == true)
    #expect(try read("g0-0") == "edited by hand\nresponse 0-0\nServer: hummingbird\nend\n")
    #expect(try read("g0-1") == "response 0-1\nServer: hummingbird\nend\n")
    // What is left of it, pending under its id, is the edit's undoing.
    let left = try #require(pending.change(id: id)?.hunks()?.hunks)
    #expect(left.map(\.removed) == [["edited by hand"]] && left.map(\.added) == [[]])
  }

  @Test func changesThatRemoveAndAddTheSameLinesAreAGroup() throws {
    defer { package.remove() }
    let groups = ChangeGroup.of(try pending().changes)
    #expect(groups.map(\.members.count) == [100, 100, 100])
    #expect(Set(groups.map(\.added)) == Set(Self.groupLines.map { [$0.1] }))
    #expect(groups.allSatisfy { $0.id.hasPrefix("g") && $0.id.count == PendingChange.idLength })
    #expect(
      groups.contains { $0.headline == "-Server: old +Server: hummingbird in 100 references" })
    // The ids are the same when the store is read again.
    #expect(ChangeGroup.of(try pending().changes).map(\.id) == groups.map(\.id))
    var lines: [String] = []
    var options = ToolOptions()
    options.packageDirectory = root
    options.json = true
    #expect(PendingVerb.run(options, print: { lines.append($0) }) == .success)
    let listed = try JSONSerialization.jsonObject(with: Data(lines.joined().utf8)) as? [String: Any]
    let listedGroups = listed?["groups"] as? [[String: Any]]
    #expect(listedGroups?.count == 3)
    #expect((listedGroups?.first?["changes"] as? [String])?.count == 100)
  }

  @Test func acceptingAGroupWritesExactlyItsChanges() throws {
    defer { package.remove() }
    let pending = try pending()
    let group = try #require(
      ChangeGroup.of(pending.changes).first { $0.added == ["footer 2"] })
    var lines: [String] = []
    let review = PendingReview(
      packageDirectory: package.url, origin: .store, print: { lines.append($0) })
    #expect(review.decide(accepting: [String(group.id.prefix(6))], rejecting: []) == .success)
    #expect(lines.last == "Accepted 100, rejected 0; 205 changes left pending.", "\(lines)")
    for index in 0..<100 {
      #expect(try read("g1-\(index)") == "response 1-\(index)\nfooter 2\nend\n")
      #expect(try read("g0-\(index)") == "response 0-\(index)\nServer: old\nend\n")
    }
    #expect(try read("single0") == "value 0\n")
    #expect(try self.pending().changes.count == 205)
  }

  @Test func aReviewDecidesThreeGroupsAndFiveChangesInEightKeys() throws {
    defer { package.remove() }
    var session = ReviewSession(try pending(), openGallery: { _ in "" })
    let screen = session.screen(width: 100, height: 30, colored: false)
    #expect(screen[0].hasPrefix("[group 1/3]  the same change in 100 references"), "\(screen)")
    #expect(screen.contains("-Server: old") && screen.contains("+Server: hummingbird"))
    for key in ["a", "r", "a", "a", "r", "a", "a", "a"] {
      #expect(!session.isFinished)
      session.handle(byte: UInt8(ascii: Unicode.Scalar(key)!))
    }
    #expect(session.isFinished)
    #expect(
      session.summary.last == "Review: accepted 204, rejected 101, skipped 0; nothing left pending."
    )
    #expect(try read("g0-0") == "response 0-0\nServer: hummingbird\nend\n")
    #expect(try read("g1-0") == "response 1-0\nfooter 1\nend\n")
    #expect(try read("single1") == "value 1\n")
    #expect(try read("single4") == "value 14\n")
  }

  @Test func aGroupCanBeOpenedOneByOne() throws {
    defer { package.remove() }
    var session = ReviewSession(try pending(), openGallery: { _ in "" })
    for key in ["e", "s", "s"] { session.handle(byte: UInt8(ascii: Unicode.Scalar(key)!)) }
    // The first group's changes come one by one, then the five of their own.
    let screen = session.screen(width: 100, height: 30, colored: false)
    #expect(screen[0].hasPrefix("[1/305]"), "\(screen)")
    session.handle(byte: UInt8(ascii: "a"))
    #expect(session.screen(width: 100, height: 30, colored: false)[0].hasPrefix("[2/305]"))
  }
}
