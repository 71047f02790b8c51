import Foundation
import TestSupport
import Testing

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
