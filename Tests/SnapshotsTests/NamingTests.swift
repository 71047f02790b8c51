import Foundation
import TestSupport
import Testing
import XCTest

@testable import Snapshots

/// Reference names: `<test>.<n|name>.<ext>`, numbered per test run, safe from path escapes.
@Suite struct NamingTests {
  @Test func unnamedSnapshotsAreNumberedPerTest() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for text in ["a", "b"] {
      let message = verifySnapshot(
        of: text, as: .lines, record: .missing, snapshotDirectory: folder.path)
      #expect(message?.hasPrefix("Recorded snapshot: ") == true)
    }
    #expect(
      verifySnapshot(
        of: "c", as: .lines, named: "third", record: .missing, snapshotDirectory: folder.path)
        != nil)
    #expect(
      try folder.contents() == [
        "unnamedSnapshotsAreNumberedPerTest.1.txt", "unnamedSnapshotsAreNumberedPerTest.2.txt",
        "unnamedSnapshotsAreNumberedPerTest.third.txt",
      ])
    #expect(try folder.text("unnamedSnapshotsAreNumberedPerTest.2.txt") == "b")
  }

  @Test func defaultLocationIsBesideTheTestFile() throws {
    let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/NamingTests/defaultLocationIsBesideTheTestFile.1.txt")
    // Told by the failure's message: a test records nothing into this package.
    let message = try #require(verifySnapshot(of: "y", as: .lines, record: .never))
    #expect(message.hasPrefix("No reference was found: \(expected.path)\n"), "\(message)")
    #expect(!FileManager.default.fileExists(atPath: expected.path))
  }

  @Test(arguments: [
    "../../escape", "/etc/passwd", "a\u{0}b", "..", String(repeating: "long", count: 100), "",
  ])
  func namesCannotLeaveTheSnapshotDirectory(name: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshot(
      of: "x", as: .lines, named: name, record: .missing, snapshotDirectory: folder.path)
    let files = try folder.contents()
    #expect(files.count == 1)
    let file = try #require(files.first)
    #expect(!file.contains("/") && !file.hasPrefix(".") && !file.contains("\u{0}"))
    #expect(file.utf8.count <= 210)  // test name and `named:` at most 100 bytes each
    #expect(file.hasPrefix("namesCannotLeaveTheSnapshotDirectory-name"))
  }

  @Test func longNamesStayDistinct() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let prefix = String(repeating: "x", count: 300)
    for suffix in ["a", "b"] {
      _ = verifySnapshot(
        of: suffix, as: .lines, named: prefix + suffix, record: .missing,
        snapshotDirectory: folder.path)
    }
    #expect(try folder.contents().count == 2)
  }

  @Test(arguments: [1, 2, 3])
  func parameterizedCasesGetTheirOwnNames(n: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshot(
      of: "page \(n)", as: .lines, record: .missing, snapshotDirectory: folder.path)
    #expect(try folder.contents() == ["parameterizedCasesGetTheirOwnNames-n-\(n).1.txt"])
  }

  @Test func theTraitNumbersEachRunAfresh() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    for _ in 1...2 {
      try await SnapshotsTrait.snapshots(record: .missing).provideScope(
        for: try #require(Test.current), testCase: Test.Case.current
      ) {
        _ = verifySnapshot(of: "same", as: .lines, snapshotDirectory: folder.path)
      }
    }
    #expect(try folder.contents() == ["theTraitNumbersEachRunAfresh.1.txt"])
  }
}

/// Each task, even one reusing an ended task's memory, numbers its snapshots afresh.
@Suite struct TaskIdentityTests {
  @Test func sequentialTasksHaveDistinctIdentities() async {
    var identities: [String?] = []
    for _ in 0..<100 {
      identities.append(await Task { TaskIdentity.current }.value)
    }
    #expect(identities.allSatisfy { $0?.hasPrefix("task#") == true })
    #expect(Set(identities).count == 100)
  }
}

/// Different names never share a reference file, and two assertions that would are told apart.
@Suite struct DistinctNameTests {
  let folder: TemporaryDirectory
  init() throws { folder = try TemporaryDirectory() }

  func record(_ value: String, named name: String?, testName: String = #function) -> String? {
    verifySnapshot(
      of: value, as: .lines, named: name, record: .missing, snapshotDirectory: folder.path,
      testName: testName)
  }

  @Test func namesThatSanitiseAlikeGetTheirOwnFiles() throws {
    defer { folder.remove() }
    for name in ["a/b", "a.b", "a b", "a-b", "../escape", "escape", "email"] {
      _ = record(name, named: name)
    }
    let files = try folder.contents()
    #expect(files.count == 7, "\(files)")
    #expect(files.contains("namesThatSanitiseAlikeGetTheirOwnFiles.email.txt"))
    #expect(files.contains("namesThatSanitiseAlikeGetTheirOwnFiles.escape.txt"))
    #expect(files.filter { $0.hasPrefix("namesThatSanitiseAlikeGetTheirOwnFiles.a-b-") }.count == 4)
    for name in ["a/b", "a.b", "a b", "a-b", "../escape", "escape", "email"] {
      #expect(record(name, named: name) == nil, "\(name) reads back its own value")
    }
  }

  @Test(arguments: ["a/b", "a.b", "a b"])
  func argumentsThatSanitiseAlikeGetTheirOwnFiles(argument: String) throws {
    defer { folder.remove() }
    _ = record(argument, named: nil)
    let file = try #require(try folder.contents().first)
    #expect(file.hasPrefix("argumentsThatSanitiseAlikeGetTheirOwnFiles-argument-a-b-"))
    let hash = PathComponent.hash(argument).prefix(8)
    #expect(file == "argumentsThatSanitiseAlikeGetTheirOwnFiles-argument-a-b-\(hash).1.txt")
  }

  @Test func aNameEqualToANumberFailsWithBothAssertions() throws {
    defer { folder.remove() }
    #expect(record("first", named: nil)?.hasPrefix("Recorded snapshot") == true)
    let message = try #require(record("other", named: "1"))
    #expect(message.hasPrefix("Two different assertions resolve to one reference, "), "\(message)")
    #expect(message.contains(", snapshot 1 (NamingTests.swift:"), "\(message)")
    #expect(message.contains(", named: \"1\" (NamingTests.swift:"), "\(message)")
    // Neither side is written: the first recording is undone.
    #expect(try folder.contents() == [])
  }

  /// Test names whose characters sanitising drops (emoji, a raw identifier's spaces) get a
  /// hash, so two tests never share a file, filtered or not; a function name keeps
  /// swift-snapshot-testing's name.
  @Test func testNamesThatSanitiseAlikeGetTheirOwnFiles() throws {
    defer { folder.remove() }
    for testName in ["emoji🎉()", "emoji🎊()", "adds two()", "adds-two()", "pages(n:)", "plain()"] {
      #expect(record(testName, named: "v", testName: testName)?.hasPrefix("Recorded") == true)
    }
    let files = try folder.contents()
    #expect(files.count == 6, "\(files)")
    #expect(files.contains("pages-n.v.txt") && files.contains("plain.v.txt"), "\(files)")
    for testName in ["emoji🎉()", "emoji🎊()", "adds two()", "adds-two()"] {
      let hash = PathComponent.hash(testName).prefix(8)
      let stem = testName.hasPrefix("emoji") ? "emoji" : "adds-two"
      #expect(files.contains("\(stem)-\(hash).v.txt"), "\(testName): \(files)")
      #expect(record(testName, named: "v", testName: testName) == nil, "\(testName) reads back")
    }
  }

  /// A reference swift-snapshot-testing recorded under the plain name is still compared, but a
  /// new value is written under the test's own name: never into a file another test reads.
  @Test func aTestReadsItsOldNameButRecordsUnderItsOwn() throws {
    defer { folder.remove() }
    try Data("old".utf8).write(to: folder.file("emoji.1.txt"))
    let message = verifySnapshot(
      of: "new", as: .lines, record: .all, snapshotDirectory: folder.path, testName: "emoji🎊()")
    let own = "emoji-\(PathComponent.hash("emoji🎊()").prefix(8)).1.txt"
    #expect(message?.contains("Recorded a new snapshot over it: \(folder.file(own).path)") == true)
    #expect(try folder.text("emoji.1.txt") == "old")
    #expect(try folder.text(own) == "new")
  }

  @Test func referencesRecordedUnderThePlainNameAreStillFound() throws {
    defer { folder.remove() }
    try Data("kept".utf8).write(
      to: folder.file("referencesRecordedUnderThePlainNameAreStillFound.a-b.txt"))
    #expect(record("kept", named: "a b") == nil)
    #expect(try folder.contents().count == 1)
  }
}

/// Two suites in one file with a test of the same name: their references would be one file.
///
/// Serialized, so `First` records and `Second`, run after it, fails naming both, and undoes
/// `First`'s recording: a conflict writes neither side.
@Suite(.serialized) struct SameNamedTests {
  static let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("swift-snapshots-same-named-\(getpid())")

  @Suite struct First {
    @Test func dump() { #expect(recordsFirst(in: folder)) }
  }

  @Suite struct Second {
    @Test func dump() throws {
      defer { try? FileManager.default.removeItem(at: folder) }
      let message = try #require(
        verifySnapshot(of: "second", as: .lines, record: .missing, snapshotDirectory: folder.path))
      #expect(message.contains("Two different assertions resolve to one reference"), "\(message)")
      // Each named by its place: the same name, two lines.
      let places = message.split(separator: "\n").filter {
        $0.contains("dump() at SnapshotsTests/NamingTests.swift:")
      }
      #expect(places.count == 2 && places[0] != places[1], "\(message)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("dump.1.txt").path))
    }
  }
}

/// The first suite's assertion, which records.
private func recordsFirst(in folder: URL, testName: String = #function) -> Bool {
  verifySnapshot(
    of: "first", as: .lines, record: .missing, snapshotDirectory: folder.path, testName: testName
  )?.hasPrefix("Recorded snapshot") == true
}

/// The same two suites, with references named after their suites: each keeps its own file.
@Suite(.serialized, .snapshots(naming: .suiteQualified)) struct SuiteQualifiedTests {
  static let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("swift-snapshots-qualified-\(getpid())")

  @Suite struct First {
    @Test func dump() { #expect(recordsFirst(in: folder)) }
  }

  @Suite struct Second {
    @Test func dump() throws {
      defer { try? FileManager.default.removeItem(at: folder) }
      #expect(
        verifySnapshot(of: "second", as: .lines, record: .missing, snapshotDirectory: folder.path)?
          .hasPrefix("Recorded snapshot") == true)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(
        names == ["SuiteQualifiedTests.First.dump.1.txt", "SuiteQualifiedTests.Second.dump.1.txt"])
    }
  }
}

/// An XCTest class's name comes first under suite-qualified naming.
final class SuiteQualifiedXCTests: XCTestCase {
  func testDump() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    withSnapshotTesting(naming: .suiteQualified) {
      _ = verifySnapshot(of: "x", as: .lines, record: .missing, snapshotDirectory: folder.path)
    }
    XCTAssertEqual(try folder.contents(), ["SuiteQualifiedXCTests.testDump.1.txt"])
  }
}

/// Once two assertions met on a file, it stays in conflict for both, whatever the record mode.
@Suite struct ConflictTests {
  @Test func aFileInConflictIsNeverWritten() throws {
    let claims = ReferenceClaims()
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let url = folder.file("dump.1.txt")
    try Data("before".utf8).write(to: url)
    func claimant(_ test: String) -> ReferenceClaims.Claimant {
      .init(test: TestIdentity(name: test), stem: "dump.1", filePath: "/P/T.swift", line: 3)
    }
    #expect(claims.claim(url.path, for: claimant("First.dump()")) == nil)
    #expect(
      try claims.record(
        Data("first".utf8), claimed: url.path, at: url, replacing: Data("before".utf8)))
    #expect(try folder.text("dump.1.txt") == "first")
    // The rival undoes the first recording, and neither may write again.
    #expect(
      claims.claim(url.path, for: claimant("Second.dump()"))?.hasPrefix("First.dump()") == true)
    #expect(try folder.text("dump.1.txt") == "before")
    #expect(
      claims.claim(url.path, for: claimant("First.dump()"))?.hasPrefix("Second.dump()") == true)
    #expect(
      try !claims.record(Data("again".utf8), claimed: url.path, at: url, replacing: nil))
    #expect(try folder.text("dump.1.txt") == "before")
  }
}

/// Whether references are named after the running test, or after a helper it calls.
@Suite struct HelperNameTests {
  func check() -> Bool {
    TestContext.current(testName: #function).isTestsOwn(#function)
  }

  @Test func aHelpersNameIsNotTheTests() {
    #expect(!check())
    #expect(TestContext.current(testName: #function).isTestsOwn(#function))
  }
}

final class HelperNameXCTests: XCTestCase {
  func check() -> Bool { TestContext.current(testName: #function).isTestsOwn(#function) }

  func testAHelpersNameIsNotTheTests() {
    XCTAssertFalse(check())
    XCTAssertTrue(TestContext.current(testName: #function).isTestsOwn(#function))
  }
}
