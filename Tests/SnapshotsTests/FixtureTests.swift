import Foundation
import Snapshots
import SnapshotsFixtures
import TestSupport
import Testing

/// `fixtures(in:matching:)` lists what a pattern matches, sorted, and names each case by its
/// path; `forEachFixture` names each pass's references the same way.
@Suite struct FixtureTests {
  struct Unreadable: Error, CustomStringConvertible {
    var description: String { "unreadable" }
  }

  /// A folder of fixtures made here: nested, with spaces, non-ASCII names and hidden files.
  func folder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    for path in [
      "a.md", "b.txt", "nested/c.md", "nested/deeper/ü d.md", "with space/e.md", ".hidden.md",
      ".git/f.md", "nested/.g.md",
    ] {
      let file = folder.file(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("# \(path)\n".utf8).write(to: file)
    }
    return folder
  }

  @Test(arguments: [
    ("**/*", ["a.md", "b.txt", "nested/c.md", "nested/deeper/ü d.md", "with space/e.md"]),
    ("*.md", ["a.md"]),
    ("**/*.md", ["a.md", "nested/c.md", "nested/deeper/ü d.md", "with space/e.md"]),
    ("nested/**", ["nested/c.md", "nested/deeper/ü d.md"]),
    ("*.{md,txt}", ["a.md", "b.txt"]),
    ("?.md", ["a.md"]),
    ("nested/*/ü d.md", ["nested/deeper/ü d.md"]),
  ])
  func patternsMatchWholePaths(pattern: String, paths: [String]) throws {
    let folder = try folder()
    defer { folder.remove() }
    let found = try fixtures(in: folder.path, matching: pattern)
    #expect(found.map(\.path) == paths)
    #expect(found.map(\.testDescription) == paths)
    #expect(try found.first?.text() == "# \(paths[0])\n")
  }

  @Test func aMissingFolderANoMatchAndABadPatternSaySo() throws {
    let folder = try folder()
    defer { folder.remove() }
    #expect {
      try fixtures(in: folder.path + "/absent")
    } throws: { "\($0)" == "no fixtures folder at \(folder.path)/absent" }
    #expect {
      try fixtures(in: folder.path, matching: "*.json")
    } throws: { "\($0)" == "no file under \(folder.path) matches *.json" }
    #expect {
      try fixtures(in: folder.path, matching: "*.{md")
    } throws: { "\($0)" == "the pattern *.{md opens a { it does not close" }
    // Relative to the calling file's folder.
    #expect {
      try fixtures(in: "NoSuchFixtures")
    } throws: { "\($0)".hasSuffix("Tests/SnapshotsTests/NoSuchFixtures") }
  }

  /// Each pass of the loop records its own reference, named and numbered as a parameterized
  /// test's case would be; a pass that throws fails, naming its file, and the others go on.
  @Test func eachPassIsACaseOfItsOwn() throws {
    let fixtureFolder = try folder()
    let references = try TemporaryDirectory()
    defer { [fixtureFolder, references].forEach { $0.remove() } }
    try withKnownIssue {
      try forEachFixture(in: fixtureFolder.path, matching: "**/*.md") { fixture in
        if fixture.path == "a.md" { throw Unreadable() }
        let message = verifySnapshot(
          of: try fixture.text(), as: .lines, record: .missing,
          snapshotDirectory: references.path)
        #expect(message?.hasPrefix("Recorded snapshot: ") == true)
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["fixture a.md: unreadable"]
    }
    let names = try references.contents()
    #expect(
      names == [
        "eachPassIsACaseOfItsOwn-nested-c-md-817d9d4e.1.txt",
        "eachPassIsACaseOfItsOwn-nested-deeper-ü-d-md-96970076.1.txt",
        "eachPassIsACaseOfItsOwn-with-space-e-md-49e73d75.1.txt",
      ], "\(names)")
  }
}
