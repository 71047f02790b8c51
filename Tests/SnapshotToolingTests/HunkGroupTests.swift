import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

extension ChangeGroup {
  /// The groups of these changes, their hunks read now.
  static func of(_ changes: [PendingChange]) -> [ChangeGroup] {
    of(changes.map { ($0.id, $0.hunks()) })
  }
}

/// Groups by hunk: three pages whose footer changed and whose `Content-Length` moved with their
/// bodies, as `.http`, JSON and inline snapshots, decided a group at a time.
@Suite struct HunkGroupTests {
  let package: TemporaryDirectory
  let root: String
  var sourcePath: String { root + "/Tests/AppTests/T.swift" }
  var run: URL

  /// Three inline pages, each call's literal the old page.
  static func source(footer: String) -> String {
    var text = "import InlineSnapshots\nimport Testing\n\n"
    for index in 0..<3 {
      text += """
        @Test func page\(index)() {
          assertInlineSnapshot(of: page(\(index)), as: .lines) {
            \"\"\"
        \(Self.page(index, footer: footer, length: 100 + index).dropLast().split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n"))
            \"\"\"
          }
        }

        """
    }
    return text
  }

  /// A response whose body is `index`'s page with `footer`, and its `Content-Length`.
  static func page(_ index: Int, footer: String, length: Int) -> String {
    "HTTP/1.1 200 OK\nContent-Length: \(length)\nContent-Type: text/html\n\n<h1>Page \(index)</h1>\n<p>text</p>\n<p>more</p>\n<p>and more</p>\n<footer>\(footer)</footer>\n"
  }

  init() throws {
    package = try TemporaryDirectory()
    root = package.url.standardizedFileURL.path
    run = PendingStore.defaultDirectory(packageRoot: package.url).appendingPathComponent(
      "record-\(PendingStore.uniqueName())")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: run.appendingPathComponent("\(PendingStore.finishedPrefix)\(getpid())").path,
      contents: nil)
    try write(Self.source(footer: "© 2026"), at: sourcePath)
  }

  func reference(_ name: String, _ pathExtension: String) -> String {
    root + "/Tests/AppTests/__Snapshots__/T/\(name).1.\(pathExtension)"
  }

  func write(_ text: String, at path: String) throws { try package.write(text, at: path) }

  func write(_ data: Data, at path: String) throws { try package.write(data, at: path) }

  /// A file change of `name` from `old` to `new`.
  func change(_ name: String, _ pathExtension: String, old: Data, new: Data) throws {
    try write(old, at: reference(name, pathExtension))
    let record = PendingFileRecord(
      referencePath: reference(name, pathExtension), dataFile: "", testName: "\(name)()",
      sourceFile: sourcePath, line: 1,
      sourceHash: ContentHash.of(Self.source(footer: "© 2026")))
    try PendingStore.write(.file(record), data: new, in: run)
  }

  /// Three `.http` pages whose footer changed; each page's `Content-Length` grew by 6, from
  /// `lengths` (the same length three times makes that a hunk they share).
  func pages(lengths: [Int] = [100, 200, 300]) throws {
    for (index, length) in lengths.enumerated() {
      try change(
        "page\(index)", "http",
        old: Data(Self.page(index, footer: "© 2026", length: length).utf8),
        new: Data(Self.page(index, footer: "© 2026 Example Inc.", length: length + 6).utf8))
    }
  }

  func pending() throws -> PendingChanges {
    try PendingChanges(packageDirectory: package.url, origin: .store)
  }

  /// Runs `--accept`/`--reject` with these ids; the lines it printed.
  @discardableResult
  func decide(accepting: [String] = [], rejecting: [String] = []) -> (
    SnapshotsCommand.ExitCode, [String]
  ) {
    var lines: [String] = []
    let review = PendingReview(
      packageDirectory: package.url, origin: .store, print: { lines.append($0) })
    return (review.decide(accepting: accepting, rejecting: rejecting), lines)
  }

  @Test func aFooterChangedOnThreePagesIsOneGroupWhateverTheirContentLength() throws {
    defer { package.remove() }
    try pages()
    let before = try pending()
    let groups = ChangeGroup.of(before.changes)
    #expect(groups.count == 1)
    let footer = try #require(groups.first)
    #expect(footer.members.count == 3)
    #expect(footer.removed == ["<footer>© 2026</footer>"])
    #expect(footer.added == ["<footer>© 2026 Example Inc.</footer>"])

    let (status, lines) = decide(accepting: [String(footer.id.prefix(6))])
    #expect(status == .success, "\(lines)")
    #expect(
      lines.last
        == "Accepted 3, rejected 0 (3 of them in part: the rest stays pending); 3 changes left pending.",
      "\(lines)")
    let after = try pending()
    #expect(after.changes.map(\.id) == before.changes.map(\.id))
    for (index, length) in [100, 200, 300].enumerated() {
      #expect(
        try String(contentsOfFile: reference("page\(index)", "http"), encoding: .utf8)
          == Self.page(index, footer: "© 2026 Example Inc.", length: length))
    }
    // What is left of each is its Content-Length alone, in no group (each moved its own way).
    let left = after.changes.compactMap { $0.hunks()?.hunks }
    #expect(
      left.map { $0.map(\.removed) } == [
        [["Content-Length: 100"]], [["Content-Length: 200"]], [["Content-Length: 300"]],
      ])
    #expect(ChangeGroup.of(after.changes).isEmpty)

    #expect(decide(accepting: after.changes.map(\.id)).0 == .success)
    #expect(try pending().changes.isEmpty)
    for (index, length) in [100, 200, 300].enumerated() {
      #expect(
        try String(contentsOfFile: reference("page\(index)", "http"), encoding: .utf8)
          == Self.page(index, footer: "© 2026 Example Inc.", length: length + 6))
    }
  }

  @Test func theContentLengthTheyShareIsTheirGroupOnceTheFooterIsAccepted() throws {
    defer { package.remove() }
    try pages(lengths: [120, 120, 120])
    let groups = ChangeGroup.of(try pending().changes)
    #expect(groups.map(\.members.count) == [3, 3])
    let footer = try #require(groups.first { $0.added.first?.hasPrefix("<footer>") == true })
    let length = try #require(groups.first { $0.id != footer.id })
    #expect(decide(accepting: [footer.id]).0 == .success)
    let after = try pending()
    #expect(after.changes.count == 3)
    // The group left keeps its id: its lines are the same.
    #expect(ChangeGroup.of(after.changes).map(\.id) == [length.id])
    #expect(decide(accepting: [length.id]).0 == .success)
    #expect(try pending().changes.isEmpty)
    #expect(
      try String(contentsOfFile: reference("page1", "http"), encoding: .utf8)
        == Self.page(1, footer: "© 2026 Example Inc.", length: 126))
  }

  @Test func theBrowserReviewDecidesAGroupsHunkAndListsTheGroupsLeft() throws {
    defer { package.remove() }
    try pages(lengths: [120, 120, 120])
    var review = BrowserReview(try pending())
    let footer = try #require(review.groups.first { $0.added.first?.hasPrefix("<footer>") == true })
    let length = try #require(review.groups.first { $0.id != footer.id })
    let decision = review.decide(footer.id, .accept)
    let decided = try #require(decision)
    // Each page got the footer alone; what is left stays pending, and its group is listed.
    #expect(decided.regrouped && decided.states.values.allSatisfy { $0 == .pending })
    #expect(decided.states.keys.sorted() == footer.members.sorted())
    #expect(review.groups.map(\.id) == [length.id])
    #expect(
      try String(contentsOfFile: reference("page1", "http"), encoding: .utf8)
        == Self.page(1, footer: "© 2026 Example Inc.", length: 120))
    let second = review.decide(length.id, .accept)
    let rest = try #require(second)
    #expect(rest.states.values.allSatisfy { $0 == .accepted } && rest.states.count == 3)
    #expect(review.groups.isEmpty)
    #expect(try pending().changes.isEmpty)
    #expect(
      try String(contentsOfFile: reference("page1", "http"), encoding: .utf8)
        == Self.page(1, footer: "© 2026 Example Inc.", length: 126))
  }

  @Test func aChangesTwoHunksGoEachItsOwnWayInOneCommand() throws {
    defer { package.remove() }
    try pages(lengths: [120, 120, 120])
    let before = try pending()
    let groups = ChangeGroup.of(before.changes)
    let footer = try #require(groups.first { $0.added.first?.hasPrefix("<footer>") == true })
    let length = try #require(groups.first { $0.id != footer.id })
    // A change named whole on one side and by a group on the other is a usage error.
    let (usage, lines) = decide(accepting: [before.changes[0].id], rejecting: [footer.id])
    #expect(usage == .usage)
    #expect(
      lines == [
        "error: \(before.changes[0].id) is both accepted and rejected; nothing was changed"
      ])
    #expect(try pending().changes.count == 3)
    let (status, decided) = decide(accepting: [footer.id], rejecting: [length.id])
    #expect(status == .success, "\(decided)")
    #expect(
      decided.last
        == "Accepted 3, rejected 3 (3 of them in part: the rest stays pending); 0 changes left pending.",
      "\(decided)")
    #expect(try pending().changes.isEmpty)
    #expect(
      try String(contentsOfFile: reference("page2", "http"), encoding: .utf8)
        == Self.page(2, footer: "© 2026 Example Inc.", length: 120))
  }

  @Test func rejectingAGroupDropsItsHunkAndLeavesTheRestPendingAsAValidRecord() throws {
    defer { package.remove() }
    for index in 0..<2 {
      try change(
        "data\(index)", "json",
        old: Data(Self.json(index, theme: "light", version: 1).utf8),
        new: Data(Self.json(index, theme: "dark", version: index + 2).utf8))
    }
    let before = try pending()
    let theme = try #require(ChangeGroup.of(before.changes).first)
    #expect(theme.added == ["  \"theme\" : \"dark\","])
    let (status, lines) = decide(rejecting: [theme.id])
    #expect(status == .success, "\(lines)")
    #expect(lines.contains("Rejected a part of \(before.changes[0].id): the rest stays pending"))
    let after = try pending()
    #expect(after.changes.map(\.id) == before.changes.map(\.id))
    for change in after.changes {
      guard case .file(let file) = change.record else { continue }
      // The smaller value is a pending record like any other: its size and digest are its own.
      let checked = RunApplier(packageDirectory: package.url, dryRun: true)
        .checkedData(of: file, in: change.entry.url.deletingLastPathComponent())
      let data = try checked.get()
      #expect(String(decoding: data, as: UTF8.self).contains("\"theme\" : \"light\""))
      #expect(file.dataSize == data.count && file.dataSHA256 == SHA256.hex(data))
    }
    // The old bytes are gone with their record's old name for them.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: run.path).filter { $0.hasSuffix(".data") }
        .count == 2)
    #expect(decide(accepting: after.changes.map(\.id)).0 == .success)
    #expect(
      try String(contentsOfFile: reference("data1", "json"), encoding: .utf8)
        == Self.json(1, theme: "light", version: 3))
  }

  static func json(_ id: Int, theme: String, version: Int) -> String {
    "{\n  \"id\" : \(id),\n  \"theme\" : \"\(theme)\",\n  \"title\" : \"Home\",\n  \"version\" : \(version)\n}\n"
  }

  @Test func aPartOfADamagedChangeIsRefusedAndNothingOfItIsLost() throws {
    defer { package.remove() }
    try pages()
    let before = try pending()
    let footer = try #require(ChangeGroup.of(before.changes).first)
    let damaged = before.changes[1]
    let dataURL = try #require(damaged.newFile)
    // Bytes that still hold the footer's hunk, but not the ones the test left.
    try Data(Self.page(1, footer: "© 2026 Example Inc.", length: 999).utf8).write(to: dataURL)
    let reference1 = try String(contentsOfFile: reference("page1", "http"), encoding: .utf8)
    let (status, lines) = decide(accepting: [footer.id])
    #expect(status == .refused)
    let refusal = { (line: String) in line.contains("SHA-256") || line.contains("bytes") }
    #expect(lines.contains { $0.hasPrefix("Refused \(damaged.id): ") && refusal($0) }, "\(lines)")
    // Rejecting its part is refused too: a part of damaged bytes would be written back as sound.
    var pending = try pending()
    let rejected = pending.decide(footer, accepting: false)
    let outcome = try #require(rejected.first { $0.id == damaged.id }?.outcome)
    guard case .refused(let reasons) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(reasons.map(\.description).contains(where: refusal), "\(reasons)")
    #expect(try String(contentsOfFile: reference("page1", "http"), encoding: .utf8) == reference1)
    #expect(try self.pending().changes.contains { $0.id == damaged.id && $0.newFile == dataURL })
  }

  @Test func aPartOfAShardsChangeIsRefusedAndTheShardLeftAsItIs() throws {
    defer { package.remove() }
    try pages()
    // The store's folder, read as a CI shard's download.
    let shard = PendingStore.defaultDirectory(packageRoot: package.url)
    var pending = try PendingChanges(packageDirectory: package.url, origin: .shards([shard]))
    let footer = try #require(ChangeGroup.of(pending.changes).first)
    let files = try FileManager.default.subpathsOfDirectory(atPath: shard.path).sorted()
    let decisions = pending.decide(footer, accepting: false)
    #expect(decisions.count == 3)
    for decision in decisions {
      guard case .refused(let reasons) = decision.outcome else {
        Issue.record("\(decision.outcome)")
        continue
      }
      #expect(reasons.map(\.refusal) == [.partOfShard])
    }
    #expect(try FileManager.default.subpathsOfDirectory(atPath: shard.path).sorted() == files)
    #expect(pending.changes.count == 3)
  }

  @Test func anImageIsInNoGroupAndIsListedWithoutHunks() throws {
    defer { package.remove() }
    try pages()
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE])
    try change("logo", "png", old: png, new: png + [0])
    let pending = try pending()
    #expect(ChangeGroup.of(pending.changes).map(\.members.count) == [3])
    let listing = PendingListing(pending)
    #expect(listing.changes.first { $0.format == "png" }?.hunks == nil)
    let http = listing.changes.filter { $0.format == "http" }
    #expect(http.allSatisfy { $0.hunks?.count == 2 })
    #expect(
      http.allSatisfy { $0.hunks?[0].group == nil && $0.hunks?[1].group == listing.groups[0].id })
  }

  /// Three inline changes of the source's pages: a new footer, and a Content-Length each.
  func inlinePages() throws {
    let source = Self.source(footer: "© 2026")
    for index in 0..<3 {
      let line =
        try #require(
          source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("assertInlineSnapshot(of: page(\(index))")
          }) + 1
      try PendingStore.write(
        .inline(
          PendingInlineRecord(
            sourceFile: sourcePath, line: line, column: 3, functionName: "assertInlineSnapshot",
            closureLabel: "matches", trailingClosureIndex: 0,
            oldText: Self.page(index, footer: "© 2026", length: 100 + index),
            newText: Self.page(index, footer: "© 2027", length: 110 + index),
            sourceHash: ContentHash.of(source), testName: "page\(index)()")), data: nil, in: run)
    }
  }

  @Test func inlinePagesGetTheGroupsHunkInsideTheirLiterals() throws {
    defer { package.remove() }
    try inlinePages()
    let before = try pending()
    #expect(before.changes.count == 3)
    let footer = try #require(ChangeGroup.of(before.changes).first)
    #expect(footer.members.count == 3 && footer.added == ["<footer>© 2027</footer>"])
    let (status, lines) = decide(accepting: [footer.id])
    #expect(status == .success, "\(lines)")
    let written = try String(contentsOfFile: sourcePath, encoding: .utf8)
    #expect(written.components(separatedBy: "<footer>© 2027</footer>").count == 4, "\(written)")
    #expect(written.contains("Content-Length: 100\n") && !written.contains("Content-Length: 110\n"))
    let after = try pending()
    #expect(after.changes.map(\.id) == before.changes.map(\.id))
    #expect(after.changes.allSatisfy { $0.hunks()?.hunks.count == 1 })
    #expect(decide(accepting: after.changes.map(\.id)).0 == .success)
    #expect(try pending().changes.isEmpty)
    let final = try String(contentsOfFile: sourcePath, encoding: .utf8)
    #expect(final.components(separatedBy: "<footer>© 2027</footer>").count == 4, "\(final)")
    #expect((0..<3).allSatisfy { final.contains("Content-Length: 11\($0)\n") }, "\(final)")
    #expect(!final.contains("Content-Length: 10"), "\(final)")
  }

  @Test func anInlinePartNotWrittenLeavesItsChangePendingWhole() throws {
    defer { package.remove() }
    try inlinePages()
    var pending = try pending()
    let footer = try #require(ChangeGroup.of(pending.changes).first)
    let records = try pending.changes.map { try PendingRun.record(at: $0.entry.url) }
    // The run's journal cannot be written, so neither is the source.
    let journal = run.appendingPathComponent(PendingRun.journalName)
    try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    let decisions = pending.decide(footer, accepting: true)
    try FileManager.default.removeItem(at: journal)
    #expect(decisions.count == 3)
    #expect(
      decisions.allSatisfy {
        if case .refused = $0.outcome { return true }
        return false
      }, "\(decisions.map(\.outcome))")
    #expect(
      try String(contentsOfFile: sourcePath, encoding: .utf8) == Self.source(footer: "© 2026"))
    #expect(try pending.changes.map { try PendingRun.record(at: $0.entry.url) } == records)
  }

  @Test func aReviewDecidesTheFooterThenWhatIsLeftOfEachPage() throws {
    defer { package.remove() }
    try pages()
    var session = ReviewSession(try pending(), openGallery: { _ in "" })
    let screen = session.screen(width: 100, height: 30, colored: false)
    #expect(screen[0].hasPrefix("[group 1/1]  the same change in 3 references"), "\(screen)")
    session.handle(byte: UInt8(ascii: "a"))
    // Then each page's Content-Length, one by one.
    let next = session.screen(width: 100, height: 30, colored: false)
    #expect(next[0].hasPrefix("[1/3]"), "\(next)")
    #expect(
      next.contains("-Content-Length: 100") && !next.contains { $0.contains("footer") }, "\(next)")
    for key in ["a", "r", "a"] { session.handle(byte: UInt8(ascii: Unicode.Scalar(key)!)) }
    #expect(session.isFinished)
    #expect(
      session.summary.suffix(2) == [
        "Groups decided a part of 3 changes; the rest of each was left to decide on its own.",
        "Review: accepted 2, rejected 1, skipped 0; nothing left pending.",
      ], "\(session.summary)")
    #expect(
      try String(contentsOfFile: reference("page1", "http"), encoding: .utf8)
        == Self.page(1, footer: "© 2026 Example Inc.", length: 200))
  }
}

/// A hunk is its removed and added lines: the same wherever it is, and applying any of a
/// change's hunks gives exact bytes.
@Suite struct TextHunksTests {
  @Test func aHunkIsTheSameWhateverTheLinesAroundIt() {
    let one = TextHunks(old: "a\nb\nfooter 1\nc\n", new: "a\nb\nfooter 2\nc\n")
    let other = TextHunks(old: "x\nfooter 1\n", new: "x\nfooter 2\n")
    #expect(one.hunks.map(\.key) == other.hunks.map(\.key))
    #expect(one.hunks.map(\.key) == ["-footer 1\n+footer 2"])
  }

  @Test func anyHunksAppliedGiveExactBytes() {
    var random = SystemRandomNumberGenerator()
    let words = ["a", "b", "c", "a\r", ""]
    for _ in 0..<500 {
      func text() -> String {
        let lines = (0..<Int.random(in: 0...8, using: &random)).map { _ in
          words.randomElement(using: &random)!
        }
        return lines.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
      }
      let (old, new) = (text(), text())
      let hunks = TextHunks(old: old, new: new)
      #expect(
        hunks.applying { _ in true } == new, "\(old.debugDescription) → \(new.debugDescription)")
      #expect(hunks.applying { _ in false } == old)
      // One hunk applied, then the rest: the new text, in two decisions.
      guard let first = hunks.hunks.first else { continue }
      let part = hunks.applying { $0.old == first.old }
      let rest = TextHunks(old: part, new: new)
      #expect(rest.applying { _ in true } == new)
    }
  }

  @Test func aMissingFinalNewlineIsAHunkOfItsOwn() {
    let hunks = TextHunks(old: "a\nb", new: "a\nb\n")
    #expect(hunks.hunks.map(\.removed) == [["b", "\\ No newline at end of file"]])
    #expect(hunks.hunks.map(\.added) == [["b"]])
  }
}
