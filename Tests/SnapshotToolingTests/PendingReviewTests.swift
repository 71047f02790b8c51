import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// What is pending, as data and one change at a time: `pending --json` against its schema,
/// stable ids, `show`, `apply --accept/--reject`, and a review driven by keys.
@Suite struct PendingReviewTests {
  static let source = """
    import InlineSnapshots
    import Snapshots
    import Testing

    @Test func first() { assertSnapshot(of: "one", as: .lines) }
    @Test func second() { assertSnapshot(of: "two", as: .lines) }
    @Test func third() { assertSnapshot(of: "three", as: .lines) }
    @Test func image() { assertSnapshot(of: image, as: .png) }
    @Test func inline() {
      assertInlineSnapshot(of: "four", as: .lines) {
        \"\"\"
        4
        \"\"\"
      }
    }

    """

  let package: TemporaryDirectory
  let root: String
  var sourcePath: String { root + "/Tests/AppTests/T.swift" }
  var store: URL { PendingStore.defaultDirectory(packageRoot: package.url) }

  init() throws {
    package = try TemporaryDirectory()
    root = package.url.standardizedFileURL.path
    try write(Self.source, at: sourcePath)
    try write("1\n", at: reference("first"))
    try write("2\n", at: reference("second"))
    try write(Data(PNGHeader.bytes(width: 4, height: 3)), at: reference("image", "png"))
    let run = store.appendingPathComponent("record-\(PendingStore.uniqueName())")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    let hash = ContentHash.of(Self.source)
    func file(_ name: String, line: Int, _ data: Data, _ pathExtension: String = "txt")
      throws
    {
      var record = PendingFileRecord(
        referencePath: reference(name, pathExtension), dataFile: "", testName: "\(name)()",
        sourceFile: sourcePath, line: line, sourceHash: hash)
      if pathExtension == "png" {
        record.summary = "5 of 12 pixels (41.67%) differ; both images 4×3"
        record.artifacts = [root + "/.build/snapshot-artifacts/image.1.difference.png"]
      }
      try PendingStore.write(.file(record), data: data, in: run)
    }
    try file("first", line: 5, Data("one\n".utf8))
    try file("second", line: 6, Data("two\n".utf8))
    try file("third", line: 7, Data("three\n".utf8))
    try file("image", line: 8, Data(PNGHeader.bytes(width: 4, height: 3) + [1]), "png")
    try PendingStore.write(
      .inline(
        PendingInlineRecord(
          sourceFile: sourcePath, line: 10, column: 3, functionName: "assertInlineSnapshot",
          closureLabel: "matches", trailingClosureIndex: 0, oldText: "4", newText: "four",
          sourceHash: hash, testName: "inline()")), data: nil, in: run)
    _ = FileManager.default.createFile(
      atPath: run.appendingPathComponent("\(PendingStore.finishedPrefix)\(getpid())").path,
      contents: nil)
  }

  func reference(_ name: String, _ pathExtension: String = "txt") -> String {
    root + "/Tests/AppTests/__Snapshots__/T/\(name).1.\(pathExtension)"
  }

  func write(_ text: String, at path: String) throws { try package.write(text, at: path) }

  func write(_ data: Data, at path: String) throws { try package.write(data, at: path) }

  func run(_ arguments: [String]) throws -> (SnapshotsCommand.ExitCode, String) {
    var lines: [String] = []
    let command: SnapshotsCommand
    do {
      command = try SnapshotsCommand(
        parsing: arguments + ["--package-directory", package.url.path],
        currentDirectory: package.url)
    } catch {
      // Options that do not go together are the grammar's usage errors.
      return (.usage, error.description)
    }
    let status = command.run(print: { lines.append($0) })
    return (status, lines.joined(separator: "\n"))
  }

  func listing() throws -> [[String: Any]] {
    let (status, json) = try run(["pending", "--json"])
    #expect(status == .success)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try #require(object["changes"] as? [[String: Any]])
  }

  func ids() throws -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: try listing().map {
        ($0["test"] as? String ?? "", $0["id"] as? String ?? "")
      })
  }

  /// Every file under the package but the store, with its bytes.
  func files() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let path = walker?.nextObject() as? String {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      files[path] = FileManager.default.contents(atPath: root + "/" + path)
    }
    return files
  }

  @Test func theListingFollowsItsSchema() throws {
    let (status, json) = try run(["pending", "--json"])
    #expect(status == .success)
    let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Schemas/pending-v1.schema.json")
    switch try JSONSchemaCheck.validate(json, against: schema) {
    case .valid: break
    case .invalid(let reason): Issue.record("pending --json does not follow its schema: \(reason)")
    case .unavailable(let reason):
      #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI must check it: \(reason)")
      print("PendingReviewTests: skipped the schema check: \(reason)")
    }
    let changes = try listing()
    #expect(
      changes.map { $0["test"] as? String } == [
        "first()", "second()", "third()", "image()", "inline()",
      ])
    #expect(
      changes.map { $0["status"] as? String } == [
        "changed", "changed", "new", "changed", "changed",
      ])
    let image = try #require(changes.first { $0["format"] as? String == "png" })
    #expect(image["summary"] as? String == "5 of 12 pixels (41.67%) differ; both images 4×3")
    #expect((image["differenceFile"] as? String)?.hasSuffix("image.1.difference.png") == true)
    #expect(image["reference"] as? String == "Tests/AppTests/__Snapshots__/T/image.1.png")
    let inline = try #require(changes.last)
    #expect(inline["oldText"] as? String == "4" && inline["newText"] as? String == "four")
    #expect(inline["sourceFile"] as? String == "Tests/AppTests/T.swift")
  }

  @Test func idsStayTheSameAcrossListingsAndDecisions() throws {
    let before = try ids()
    #expect(before.count == 5 && Set(before.values).count == 5)
    #expect(try ids() == before)
    // Accepting the inline change rewrites the source, which moves the others' records: their
    // ids stay.
    let (status, output) = try run(["apply", "--accept", before["inline()"]!])
    #expect(status == .success, "\(output)")
    var after = before
    after["inline()"] = nil
    #expect(try ids() == after)
  }

  @Test func anUnknownIdIsAUsageErrorThatChangesNothing() throws {
    let before = try files()
    let known = try ids()["first()"]!
    let (status, output) = try run(["apply", "--accept", known, "--reject", "0123abcd0123"])
    #expect(status == .usage)
    #expect(
      output.contains(
        "no pending snapshot has the id 0123abcd0123 (snapshot-record --pending lists them)"),
      "\(output)")
    #expect(output.contains("nothing was changed"))
    #expect(try files() == before)
  }

  /// An id shorter than four characters (`g` for a group) is refused for being short, and says
  /// how long one must be; a prefix several ids start with names them.
  @Test func aShortOrAmbiguousIdSaysWhatToGive() throws {
    let before = try files()
    for short in ["g", "ab", "g12"] {
      let (status, message) = try run(["apply", "--accept", short])
      #expect(status == .usage, "\(message)")
      #expect(
        message.contains(
          "the id \(short) is too short: give at least 4 characters of a change's id (12 hex digits) or of a group's (g and 11 hex digits), as snapshot-record --pending lists them"
        ), "\(message)")
    }
    #expect(try files() == before)
    // Two more records, named so that their ids start alike.
    let folder = try #require(PendingStore.runs(in: store).last)
    let names = Self.namesWithIDsAlike(in: folder.lastPathComponent)
    for (index, name) in names.enumerated() {
      try PendingStore.replace(
        folder.appendingPathComponent(name),
        with: .inline(
          PendingInlineRecord(
            sourceFile: sourcePath, line: 20 + index, column: 3,
            functionName: "assertInlineSnapshot", closureLabel: "matches",
            trailingClosureIndex: 0, oldText: nil, newText: "alike \(index)", sourceHash: "",
            testName: "alike\(index)()")))
    }
    let alike = try ids().filter { $0.key.hasPrefix("alike") }.values.sorted()
    let whole = try files()
    let prefix = String(try #require(alike.first).prefix(4))
    #expect(alike.count == 2 && alike.allSatisfy { $0.hasPrefix(prefix) }, "\(alike)")
    let (status, message) = try run(["apply", "--reject", prefix])
    #expect(status == .usage)
    #expect(
      message.contains(
        "the id \(prefix) is the start of 2 ids (\(alike.joined(separator: ", "))); give more of it"
      ),
      "\(message)")
    #expect(message.contains("nothing was changed"))
    #expect(try files() == whole)
  }

  /// Two record file names in `run` whose changes' ids share their first four digits.
  static func namesWithIDsAlike(in run: String) -> [String] {
    var seen: [Substring: String] = [:]
    for index in 0... {
      let name = "\(index)-\(getpid())-0.\(PendingStore.recordExtension)"
      let prefix = ContentHash.of(run + "/" + name).prefix(4)
      if let other = seen[prefix] { return [other, name] }
      seen[prefix] = name
    }
    return []
  }

  @Test func interruptedRunsAreTakenOrDiscardedNotBoth() throws {
    let before = try files()
    let (status, output) = try run(["apply", "--include-interrupted", "--discard-interrupted"])
    #expect(status == .usage)
    #expect(output.contains("--include-interrupted does not go with --discard-interrupted"))
    #expect(try files() == before)
  }

  @Test func acceptAndRejectByIdTouchOnlyThoseChanges() throws {
    let ids = try ids()
    let (status, output) = try run([
      "apply", "--accept", ids["first()"]!, "--accept", String(ids["third()"]!.prefix(6)),
      "--reject", ids["second()"]!,
    ])
    #expect(status == .success, "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "one\n")
    #expect(try String(contentsOfFile: reference("third"), encoding: .utf8) == "three\n")
    #expect(try String(contentsOfFile: reference("second"), encoding: .utf8) == "2\n")
    #expect(
      output.contains(
        "Rejected \(ids["second()"]!): Tests/AppTests/__Snapshots__/T/second.1.txt stays as it is"))
    #expect(output.contains("Accepted 2, rejected 1; 2 changes left pending."), "\(output)")
    #expect(Set(try self.ids().keys) == ["image()", "inline()"])
  }

  @Test func decisionsDoNotMixWithOptionsThatDoNotDecide() throws {
    let before = try files()
    let id = try ids()["first()"]!
    for arguments in [
      ["apply", "--accept", id, "--dry-run"], ["apply", "--review", "--dry-run"],
      ["apply", "--reject", id, "--filter", "first"], ["apply", "--review", "--accept", id],
    ] {
      let (status, output) = try run(arguments)
      #expect(status == .usage, "\(arguments): \(output)")
      #expect(output.hasPrefix("Error: --review"), "\(arguments): \(output)")
    }
    #expect(try files() == before)
  }

  @Test func showPrintsTheDiffOrEitherSide() throws {
    let id = try ids()["first()"]!
    let (status, output) = try run(["show", id])
    #expect(status == .success)
    #expect(output.hasPrefix("changed file snapshot (txt)  id \(id)\n"), "\(output)")
    #expect(output.contains("Test:      first()"), "\(output)")
    #expect(
      output.contains(
        "Source:    Tests/AppTests/T.swift:5  @Test func first() { assertSnapshot(of: \"one\", as: .lines) }"
      ))
    #expect(output.contains("-1\n+one"), "\(output)")
    var written = Data()
    let show = try SnapshotsCommand(
      parsing: ["show", id, "--old", "--package-directory", package.url.path],
      currentDirectory: package.url)
    guard case .run(.show, let options) = show else {
      Issue.record("show parsed as \(show)")
      return
    }
    #expect(ShowVerb.run(options, print: { _ in }, write: { written.append($0) }) == .success)
    #expect(written == Data("1\n".utf8))
    let image = try ids()["image()"]!
    let (_, shown) = try run(["show", image])
    #expect(shown.contains("5 of 12 pixels (41.67%) differ; both images 4×3"), "\(shown)")
    #expect(shown.contains("Old: 4×3 PNG, 24 bytes"))
    #expect(
      shown.contains("Difference image: \(root)/.build/snapshot-artifacts/image.1.difference.png"))
  }

  @Test func aReviewAppliesEachKeyAsItComes() throws {
    let pending = try PendingChanges(
      packageDirectory: package.url, origin: .store)
    var session = ReviewSession(pending) { _ in "gallery" }
    let first = session.screen(width: 100, height: 30, colored: false)
    #expect(first[0].hasPrefix("[1/5]  changed file snapshot (txt)  id "), "\(first)")
    #expect(first.contains("-1") && first.contains("+one"), "\(first)")
    #expect(first.allSatisfy { $0.count <= 100 } && first.count == 30)
    session.handle(.accept)  // first
    session.handle(.reject)  // second
    session.handle(.skip)  // third
    session.handle(.switchView)  // new
    session.handle(.switchView)  // old
    #expect(
      session.screen(width: 300, height: 30, colored: false).contains(
        "Old: 4×3 PNG, 24 bytes (\(reference("image", "png")))"))
    session.handle(.acceptRest)  // image, inline
    #expect(session.isFinished)
    #expect(
      session.summary.last
        == "Review: accepted 3, rejected 1, skipped 1; 1 change left pending (--review shows it again).",
      "\(session.summary)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "one\n")
    #expect(try String(contentsOfFile: reference("second"), encoding: .utf8) == "2\n")
    #expect(!FileManager.default.fileExists(atPath: reference("third")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: reference("image", "png"))).last == 1)
    #expect(try String(contentsOfFile: sourcePath, encoding: .utf8).contains("    four\n"))
    // The skipped change is all that is left, for the next review.
    #expect(Array(try ids().keys) == ["third()"])
  }
}

/// The first 24 bytes of a PNG, as far as its header chunk's size: enough for a review to name
/// the image's size.
private enum PNGHeader {
  static func bytes(width: UInt32, height: UInt32) -> [UInt8] {
    func number(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + number(13) + Array("IHDR".utf8)
      + number(width) + number(height)
  }
}

/// The review's screen rows: a long line wraps at the width (its colour closed at each break
/// and opened again), a short one is left as it is, and a header line is cut with `…`.
@Suite struct TerminalLineTests {
  @Test func wrapsKeepingColoursAndFitsWithAnEllipsis() {
    let red = "\u{1B}[31m", reset = "\u{1B}[0m"
    #expect(TerminalLine.wrap(red + "short" + reset, width: 10) == [red + "short" + reset])
    #expect(
      TerminalLine.wrap(red + "abcdefgh" + reset + "ij", width: 3) == [
        red + "abc" + reset, red + "def" + reset, red + "gh" + reset + "i", "j",
      ])
    #expect(TerminalLine.wrap("a\tb", width: 10) == ["a  b"])
    #expect(TerminalLine.fit("abcdef", width: 4) == "abc…")
    #expect(TerminalLine.fit("abcd", width: 4) == "abcd")
  }
}

extension PendingReviewTests {
  /// A reference two assertions resolved to is no pending change: no review or id can accept
  /// it.
  @Test func aReferenceInConflictCannotBeAccepted() throws {
    let first = try #require(try ids()["first()"])
    let folder = try #require(PendingStore.runs(in: store).last)
    try Data(reference("first").utf8).write(
      to: folder.appendingPathComponent(PendingStore.conflictPrefix + PendingStore.uniqueName()))
    #expect(try ids()["first()"] == nil)
    let (status, output) = try run(["apply", "--accept", first])
    #expect(status == .usage, "\(output)")
    #expect(try String(contentsOfFile: reference("first"), encoding: .utf8) == "1\n")
  }

  /// `show` says what differs between lines that look the same.
  @Test func showNamesWhatLooksAlike() throws {
    try write("caf\u{E9}\n", at: reference("first"))
    let folder = try #require(PendingStore.runs(in: store).last)
    let record = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first { name in
        guard name.hasSuffix(".record"),
          case .file(let file)? = try? PendingRun.record(at: folder.appendingPathComponent(name))
        else { return false }
        return file.testName == "first()"
      })
    guard case .file(let file)? = try PendingRun.record(at: folder.appendingPathComponent(record))
    else { return }
    try Data("cafe\u{301}\n".utf8).write(to: folder.appendingPathComponent(file.dataFile))
    let (_, output) = try run(["show", try #require(try ids()["first()"])])
    #expect(
      output.contains(
        "Line 1 of both look the same but differ in Unicode normalisation: the reference is composed (NFC), the actual value decomposed (NFD)."
      ), "\(output)")
  }
}

extension PendingReviewTests {
  /// A value's control characters reach the review's screen escaped in every view, a group's
  /// too, in colour or not: none is sent raw to the terminal, and only the review's own colours
  /// are.
  @Test func theReviewShowsControlCharactersEscaped() throws {
    let value = "before\0after \u{1B}[31mred\u{7}bell\rreturn\u{7F}del\u{85}next\u{9B}csi\n"
    let shown = #"before\0after \u{1B}[31mred\u{7}bell\rreturn\u{7F}del\u{85}next\u{9B}csi"#
    try write("1\n", at: reference("second"))
    let folder = try #require(PendingStore.runs(in: store).last)
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasSuffix(".record") {
      guard case .file(let file)? = try PendingRun.record(at: folder.appendingPathComponent(name)),
        ["first()", "second()"].contains(file.testName)
      else { continue }
      try Data(value.utf8).write(to: folder.appendingPathComponent(file.dataFile))
    }
    for colored in [false, true] {
      let pending = try PendingChanges(packageDirectory: package.url, origin: .store)
      var session = ReviewSession(pending) { _ in "gallery" }
      // The group's screen, then its first change's diff, new value and old one.
      var screens = [session.screen(width: 300, height: 30, colored: colored)]
      session.handle(.each)
      for _ in ChangeView.Mode.allCases {
        screens.append(session.screen(width: 300, height: 30, colored: colored))
        session.handle(.switchView)
      }
      for screen in screens.prefix(3) {
        #expect(screen.contains { $0.contains(shown) }, "\(screen)")
      }
      for screen in screens {
        let text = screen.joined(separator: "\n")
        #expect(ControlCharacters.escaped(text, keepingColour: colored) == text, "\(text)")
      }
    }
  }
}

extension PendingReviewTests {
  /// The tool's own lines (`pending`'s listing here) reach its standard output escaped: a test
  /// name holding control characters clears no screen and cuts no line.
  @Test func theToolPrintsControlCharactersEscaped() throws {
    let run = try #require(PendingStore.runs(in: store).last)
    try PendingStore.write(
      .file(
        PendingFileRecord(
          referencePath: reference("fourth"), dataFile: "", testName: "a\0b\u{1B}[2Jc\u{9B}()",
          sourceFile: sourcePath, line: 7, sourceHash: ContentHash.of(Self.source))),
      data: Data("four\n".utf8), in: run)
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("snapshots")
    let listing = try Command(
      tool.path, ["pending", "--package-directory", package.url.path], in: package.url)
    #expect(listing.status == 0, "\(listing.output)")
    #expect(listing.output.contains(#"  a\0b\u{1B}[2Jc\u{9B}()  "#), "\(listing.output)")
    #expect(ControlCharacters.escaped(listing.output) == listing.output, "\(listing.output)")
  }
}
