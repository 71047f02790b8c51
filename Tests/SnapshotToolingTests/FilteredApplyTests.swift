import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// `apply --filter` applies and removes only the matching records.
///
/// The ones left for a source it rewrote are moved onto the new text, so a later apply takes
/// them. A file snapshot whose test changed since the run is refused, as an inline one is.
@Suite struct FilteredApplyTests {
  static let source = """
    import InlineSnapshots
    import Testing

    @Test func first() {
      assertInlineSnapshot(of: "one", as: .lines)
    }

    @Test func second() {
      assertInlineSnapshot(of: "two", as: .lines)
    }

    """

  let package: TemporaryDirectory
  let sourcePath: String
  let referencePath: String
  var store: URL { PendingStore.defaultDirectory(packageRoot: package.url) }

  init() throws {
    package = try TemporaryDirectory()
    let root = package.url.standardizedFileURL.path
    sourcePath = root + "/Tests/AppTests/T.swift"
    referencePath = root + "/Tests/AppTests/__Snapshots__/T/first.1.txt"
    try FileManager.default.createDirectory(
      atPath: root + "/Tests/AppTests", withIntermediateDirectories: true)
    try Data(Self.source.utf8).write(to: URL(fileURLWithPath: sourcePath))
  }

  func inline(line: Int, _ text: String, test: String) -> PendingRecord {
    .inline(
      PendingInlineRecord(
        sourceFile: sourcePath, line: line, column: 3, functionName: "assertInlineSnapshot",
        closureLabel: "matches", trailingClosureIndex: 0, oldText: nil, newText: text,
        sourceHash: ContentHash.of(Self.source), testName: test))
  }

  func file(sourceHash: String) -> PendingRecord {
    .file(
      PendingFileRecord(
        referencePath: referencePath, dataFile: "", testName: "first()", sourceFile: sourcePath,
        line: 5, sourceHash: sourceHash))
  }

  /// Applies the store's runs, each ended as a test process that exits normally ends it.
  func apply(_ arguments: String...) throws -> (SnapshotsCommand.ExitCode, String) {
    try apply(arguments)
  }

  func apply(_ arguments: [String]) throws -> (SnapshotsCommand.ExitCode, String) {
    for run in PendingStore.runs(in: store) {
      _ = FileManager.default.createFile(
        atPath: run.appendingPathComponent("\(PendingStore.finishedPrefix)\(getpid())").path,
        contents: nil)
    }
    var lines: [String] = []
    let command = try SnapshotsCommand(
      parsing: ["apply", "--package-directory", package.url.path, "--quiet"] + arguments,
      currentDirectory: package.url)
    let status = command.run(print: { lines.append($0) })
    return (status, lines.joined(separator: "\n"))
  }

  func pending() throws -> [PendingRecord] {
    try PendingStore.runs(in: store).flatMap { try PendingRun.load($0).entries.map(\.record) }
  }

  @Test func aFilterMatchesTestNamesFilesAndReferences() throws {
    defer { package.remove() }
    let relative = RunApplier(packageDirectory: package.url, dryRun: true).relative
    func takes(_ expression: String, _ record: PendingRecord) throws -> Bool {
      try RecordFilter(expression, relative: relative).matches(record)
    }
    let first = inline(line: 5, "one", test: "first()")
    #expect(try takes("first", first) && !takes("second", first))
    #expect(try takes("^T/first\\(\\)$", first))
    #expect(try takes("^Tests/AppTests/T\\.swift$", first))
    let reference = file(sourceHash: "h")
    #expect(try takes("__Snapshots__/T/first\\.1\\.txt$", reference))
    #expect(try !takes("second", reference))
    #expect(throws: RecordFilter.InvalidExpression.self) { try takes("(", first) }
  }

  @Test func aFilteredApplyLeavesTheRestMovedOntoTheNewText() throws {
    defer { package.remove() }
    let run = store.appendingPathComponent("test-1")
    try PendingStore.write(inline(line: 5, "one", test: "first()"), data: nil, in: run)
    try PendingStore.write(inline(line: 9, "two", test: "second()"), data: nil, in: run)
    try PendingStore.write(
      file(sourceHash: ContentHash.of(Self.source)), data: Data("recorded\n".utf8), in: run)

    let (status, output) = try apply("--filter", "first")
    #expect(status == .success, "\(output)")
    let written = try String(contentsOfFile: sourcePath, encoding: .utf8)
    #expect(written.contains("of: \"one\", as: .lines) {\n    \"\"\"\n    one\n    \"\"\"\n  }"))
    #expect(written.contains("of: \"two\", as: .lines)\n"))
    #expect(try String(contentsOfFile: referencePath, encoding: .utf8) == "recorded\n")
    // What is left is the second call's record, now at its line in the new text.
    let left = try pending()
    guard left.count == 1, case .inline(let second) = left[0] else {
      Issue.record("left: \(left)")
      return
    }
    #expect(second.line == 13 && second.sourceHash == ContentHash.of(written))
    let lines = written.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[12].contains("\"two\""))

    let (again, rest) = try apply()
    #expect(again == .success, "\(rest)")
    let whole = try String(contentsOfFile: sourcePath, encoding: .utf8)
    #expect(whole.contains("of: \"two\", as: .lines) {\n    \"\"\"\n    two\n"))
    #expect(try pending().isEmpty)
  }

  @Test func aFilterThatMatchesNothingChangesNothing() throws {
    defer { package.remove() }
    let run = store.appendingPathComponent("test-1")
    try PendingStore.write(inline(line: 5, "one", test: "first()"), data: nil, in: run)
    let (status, output) = try apply("--filter", "nothing")
    #expect(status == .success, "\(output)")
    #expect(try String(contentsOfFile: sourcePath, encoding: .utf8) == Self.source)
    #expect(try pending().count == 1)
  }

  @Test func aFilterThatIsNoRegularExpressionIsAUsageError() throws {
    defer { package.remove() }
    let (status, output) = try apply("--filter", "(")
    #expect(status == .usage)
    #expect(output.hasPrefix("error: --filter ( is not a regular expression"), "\(output)")
  }

  /// Refused, with or without a filter, and kept for a later apply.
  @Test(arguments: [[], ["--filter", "first"]])
  func aFileSnapshotWhoseTestChangedIsRefused(filter: [String]) throws {
    defer { package.remove() }
    let run = store.appendingPathComponent("test-1")
    try PendingStore.write(file(sourceHash: "0123456789abcdef"), data: Data("new\n".utf8), in: run)
    let (status, output) = try apply(filter)
    #expect(status == .refused)
    #expect(
      output.contains(
        "Refused Tests/AppTests/__Snapshots__/T/first.1.txt: its test Tests/AppTests/T.swift changed since the tests ran"
      ), "\(output)")
    #expect(output.contains("Kept 1 refused record"), "\(output)")
    #expect(!FileManager.default.fileExists(atPath: referencePath))
    #expect(try pending().count == 1)
  }

  /// Two suites of one file each declare `dump()`, so their references' names meet.
  ///
  /// A partial run (an apply, or a filtered record) cannot tell whose a reference is, so it
  /// never writes one, new or not: the other suite's test would read it as its own.
  @Test func aReferenceOfATestNameDeclaredTwiceIsNotWrittenByAPartialRun() throws {
    defer { package.remove() }
    let root = package.url.standardizedFileURL.path
    let twice = root + "/Tests/AppTests/Twice.swift"
    let text = """
      import Testing
      struct A { @Test func dump() {} }
      struct B { @Test func dump() {} }
      func dump(_ helper: Int) {}

      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: twice))
    let folder = root + "/Tests/AppTests/__Snapshots__/Twice"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("A's\n".utf8).write(to: URL(fileURLWithPath: folder + "/dump.1.txt"))
    let run = store.appendingPathComponent("test-1")
    for number in [1, 2] {
      try PendingStore.write(
        .file(
          PendingFileRecord(
            referencePath: folder + "/dump.\(number).txt", dataFile: "", testName: "dump()",
            sourceFile: twice, line: 3, sourceHash: ContentHash.of(text))),
        data: Data("B's\n".utf8), in: run)
    }
    let (status, output) = try apply()
    #expect(status == .refused)
    #expect(
      output.contains(
        "Refused Tests/AppTests/__Snapshots__/Twice/dump.1.txt: 2 tests in Tests/AppTests/Twice.swift are named dump()"
      ), "\(output)")
    #expect(try String(contentsOfFile: folder + "/dump.1.txt", encoding: .utf8) == "A's\n")
    #expect(!FileManager.default.fileExists(atPath: folder + "/dump.2.txt"))
  }
}

extension FilteredApplyTests {
  /// A helper that does not pass its caller's name on names every caller's reference after
  /// itself: a partial run cannot tell whose it is, and writes nothing.
  @Test func aReferenceNamedByAHelperIsNotWrittenByAPartialRun() throws {
    defer { package.remove() }
    let root = package.url.standardizedFileURL.path
    let source = root + "/Tests/AppTests/Helped.swift"
    let text = "func check(_ value: String) {}\n@Test func one() { check(\"1\") }\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: source))
    let reference = root + "/Tests/AppTests/__Snapshots__/Helped/check.1.txt"
    var record = PendingFileRecord(
      referencePath: reference, dataFile: "", testName: "check(_:)", sourceFile: source, line: 2,
      sourceHash: ContentHash.of(text))
    record.namedByHelper = true
    try PendingStore.write(
      .file(record), data: Data("1".utf8), in: store.appendingPathComponent("test-1"))
    let (status, output) = try apply()
    #expect(status == .refused)
    #expect(
      output.contains(
        "Refused Tests/AppTests/__Snapshots__/Helped/check.1.txt: it is named after check(_:), a helper"
      ), "\(output)")
    #expect(!FileManager.default.fileExists(atPath: reference))
  }
}
