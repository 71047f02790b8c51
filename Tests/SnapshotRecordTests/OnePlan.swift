import Foundation
import TestSupport
import Testing

/// What `snapshot-record` decides in the packages a new user brings: one whose tests are all
/// XCTest exits 0 and prunes; a `--filter` that matches one framework's tests only exits 0; two
/// suites or two classes of one file whose tests share a name never get a reference written,
/// whatever the command; named after their suites, each keeps its own file.
struct OnePlan {
  let package: ThrowawayPackage

  static let folder = "Tests/AppTests/__Snapshots__"

  func run() throws {
    try xcTestOnlyExitsZeroAndPrunes()
    try aFilterOfOneFrameworkExitsZero()
    try aConflictWritesNeitherSide()
    try suiteQualifiedNamesKeepBothSides()
  }

  private func xcTestOnlyExitsZeroAndPrunes() throws {
    try package.write(
      "Tests/AppTests/OneTests.swift",
      """
      import Snapshots
      import XCTest

      final class OneTests: XCTestCase {
        func testOne() { assertSnapshot(of: 1, as: .dump) }
      }

      """)
    try package.write(Self.folder + "/OneTests/testGone.1.txt", "gone\n")
    let record = try package.snapshotRecord()
    #expect(record.status == 0, "\(record.output)")
    #expect(record.output.contains("No Swift Testing tests ran."), "\(record.output)")
    #expect(try package.read(Self.folder + "/OneTests/testOne.1.txt") == "- 1\n")
    #expect(
      record.output.contains("Orphan (its test is gone): \(Self.folder)/OneTests/testGone.1.txt"))
    // Nothing left to record: still 0, and --prune runs.
    let prune = try package.snapshotRecord("--prune")
    #expect(prune.status == 0, "\(prune.output)")
    #expect(!package.exists(Self.folder + "/OneTests/testGone.1.txt"), "\(prune.output)")
  }

  private func aFilterOfOneFrameworkExitsZero() throws {
    try package.write(
      "Tests/AppTests/MixedTests.swift",
      """
      import Snapshots
      import Testing

      @Test func mixedSwiftTesting() { assertSnapshot(of: 2, as: .dump) }

      """)
    defer { try? package.remove("Tests/AppTests/MixedTests.swift") }
    for filter in ["OneTests", "mixedSwiftTesting"] {
      let record = try package.snapshotRecord("--filter", filter)
      #expect(record.status == 0, "--filter \(filter): \(record.output)")
    }
    #expect(try package.read(Self.folder + "/MixedTests/mixedSwiftTesting.1.txt") == "- 2\n")
    try package.remove(Self.folder + "/MixedTests")
  }

  static let clash = """
    import Snapshots
    import Testing
    import XCTest

    @Suite struct SuiteOne { @Test func render() { assertSnapshot(of: "one", as: .lines) } }
    @Suite struct SuiteTwo { @Test func render() { assertSnapshot(of: "two", as: .lines) } }

    final class ClassOne: XCTestCase { func testRender() { assertSnapshot(of: "one", as: .lines) } }
    final class ClassTwo: XCTestCase { func testRender() { assertSnapshot(of: "two", as: .lines) } }

    // A helper that does not pass its caller's name on: both tests name the helper's file.
    func check(_ value: String, file: StaticString = #filePath, line: UInt = #line) {
      assertSnapshot(of: value, as: .lines, file: file, line: line)
    }
    @Test func helperOne() { check("one") }
    @Test func helperTwo() { check("two") }

    // `named: "1"` beside the first unnamed snapshot.
    @Test func namedClash() {
      assertSnapshot(of: "a", as: .lines)
      assertSnapshot(of: "b", as: .lines, named: "1")
    }

    """

  /// Every command and record mode: the existing reference keeps its bytes, the missing one
  /// stays missing.
  private func aConflictWritesNeitherSide() throws {
    try package.write("Tests/AppTests/ClashTests.swift", Self.clash)
    try package.write(Self.folder + "/ClashTests/render.1.txt", "old\n")
    let existing = Self.folder + "/ClashTests/render.1.txt"
    let missing = ["testRender.1.txt", "check-_-file-line.1.txt", "namedClash.1.txt"].map {
      Self.folder + "/ClashTests/" + $0
    }
    func check(_ what: String, _ command: Command) throws {
      #expect(command.status != 0, "\(what): \(command.output)")
      #expect(try package.read(existing) == "old\n", "\(what): \(command.output)")
      for path in missing { #expect(!package.exists(path), "\(what): \(path)\n\(command.output)") }
    }
    let record = try package.snapshotRecord()
    try check("record", record)
    #expect(
      record.output.contains(
        "Refused \(existing): two different assertions resolve to this reference"),
      "\(record.output)")
    #expect(record.output.contains("ClassOne.testRender, snapshot 1 (ClashTests.swift:8)"))
    #expect(record.output.contains("ClassTwo.testRender, snapshot 1 (ClashTests.swift:9)"))
    for option in ["--dry-run", "--prune", "--gallery", "--quiet"] {
      try check(option, try package.snapshotRecord(option))
    }
    for filter in ["render", "SuiteOne", "ClassTwo", "helperOne", "namedClash"] {
      try check("--filter \(filter)", try package.snapshotRecord("--filter", filter))
    }
    for mode in ["all", "missing", "failed", "never"] {
      let test = try package.swift(
        ["test", "--filter", "ClashTests|SuiteOne|SuiteTwo|ClassOne|ClassTwo|helper|namedClash"],
        environment: ["SNAPSHOT_TESTING_RECORD": mode])
      try check("swift test, record \(mode)", test)
      try check("--apply-only after record \(mode)", try package.snapshotRecord("--apply-only"))
    }
  }

  private func suiteQualifiedNamesKeepBothSides() throws {
    try package.write(
      "Tests/AppTests/ClashTests.swift",
      """
      import Snapshots
      import Testing
      import XCTest

      @Suite(.snapshots(naming: .suiteQualified)) struct SuiteOne {
        @Test func render() { assertSnapshot(of: "one", as: .lines) }
      }
      @Suite(.snapshots(naming: .suiteQualified)) struct SuiteTwo {
        @Test func render() { assertSnapshot(of: "two", as: .lines) }
      }

      class Qualified: XCTestCase {
        override func invokeTest() {
          withSnapshotTesting(naming: .suiteQualified) { super.invokeTest() }
        }
      }
      final class ClassOne: Qualified { func testRender() { assertSnapshot(of: "one", as: .lines) } }
      final class ClassTwo: Qualified { func testRender() { assertSnapshot(of: "two", as: .lines) } }

      """)
    defer {
      try? package.remove("Tests/AppTests/ClashTests.swift")
      try? package.remove(Self.folder + "/ClashTests")
    }
    let record = try package.snapshotRecord()
    #expect(record.status == 0, "\(record.output)")
    for (name, value) in [
      ("SuiteOne.render", "one"), ("SuiteTwo.render", "two"), ("ClassOne.testRender", "one"),
      ("ClassTwo.testRender", "two"),
    ] {
      #expect(try package.read(Self.folder + "/ClashTests/\(name).1.txt") == value)
    }
    let test = try package.swift(["test"])
    #expect(test.status == 0, "\(test.output)")
  }
}
