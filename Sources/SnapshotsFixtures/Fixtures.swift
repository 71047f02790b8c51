import Foundation
@_spi(Tooling) import Snapshots
import Testing

/// One input file of a test, named by its path under the fixtures folder.
///
/// As a Swift Testing argument its path is the case's name in the test log and in its
/// references' names (`render-_-cases-nested-a-md-1f2e3d4c.1.txt`), so a new file records, a renamed one
/// leaves an orphan that `snapshot-record --prune` deletes, and the others keep their names.
public struct Fixture: Sendable, Hashable, CustomStringConvertible, CustomTestStringConvertible {
  /// The path under the fixtures folder, `/`-separated: `cases/nested/a.md`.
  public let path: String
  /// The file.
  public let url: URL

  /// The file's bytes.
  public func data() throws -> Data {
    try Data(contentsOf: url)
  }

  /// The file's text; a file that is not UTF-8 throws, naming it.
  public func text() throws -> String {
    guard let text = String(data: try data(), encoding: .utf8) else {
      throw FixtureError(description: "\(url.path) is not UTF-8 text")
    }
    return text
  }

  public var description: String { path }
  public var testDescription: String { path }
}

/// A folder that is not there, a pattern that matches nothing, a file that is not text.
public struct FixtureError: Error, CustomStringConvertible {
  public var description: String
}

/// The files under `folder` whose paths match `pattern`, sorted by path: a test's arguments.
///
/// ```swift
/// @Test(arguments: try fixtures(in: "Fixtures", matching: "**/*.md"))
/// func render(_ fixture: Fixture) throws {
///   assertSnapshot(of: try Markdown.render(fixture.text()), as: .lines)
/// }
/// ```
///
/// `folder` is relative to the folder of the file that calls this (or absolute). `pattern`
/// matches the whole path under it: `*` any characters but `/`, `?` one of them, `**/` any
/// folders (none too), `{md,txt}` one of the words. Hidden files and folders are left out.
/// Exclude the folder from the test target in the manifest (`exclude: ["Fixtures"]`), so
/// SwiftPM does not warn about its files.
public func fixtures(
  in folder: String, matching pattern: String = "**/*", filePath: StaticString = #filePath
) throws -> [Fixture] {
  let root = URL(fileURLWithPath: try WorkspaceRoot.located("\(filePath)"))
    .deletingLastPathComponent()
  let directory = URL(fileURLWithPath: folder, relativeTo: root).standardizedFileURL
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
    isDirectory.boolValue
  else {
    throw FixtureError(description: "no fixtures folder at \(directory.path)")
  }
  let matcher = try GlobPattern(pattern)
  var found: [Fixture] = []
  for path in try relativeFilePaths(under: directory) where matcher.matches(path) {
    found.append(Fixture(path: path, url: directory.appendingPathComponent(path)))
  }
  guard !found.isEmpty else {
    throw FixtureError(description: "no file under \(directory.path) matches \(pattern)")
  }
  return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
}

/// Runs `body` once per fixture file, each pass a case of the running test: XCTest's form of
/// ``fixtures(in:matching:filePath:)``.
///
/// Each pass's references are named by the file's path, as a Swift Testing case's are. An
/// error `body` throws fails that file's pass, naming the file, and the loop goes on.
///
/// ```swift
/// func testRender() throws {
///   try forEachFixture(in: "Fixtures", matching: "**/*.md") { fixture in
///     assertSnapshot(of: try Markdown.render(fixture.text()), as: .lines)
///   }
/// }
/// ```
public func forEachFixture(
  in folder: String, matching pattern: String = "**/*", fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: (Fixture) throws -> Void
) throws {
  for fixture in try fixtures(in: folder, matching: pattern, filePath: filePath) {
    do {
      try withSnapshotArguments([fixture.path]) { try body(fixture) }
    } catch {
      reportSnapshotFailure(
        "fixture \(fixture.path): \(error)", fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }
}

/// The regular files under `directory`, as `/`-separated paths relative to it, hidden ones
/// and those in hidden folders left out.
private func relativeFilePaths(under directory: URL) throws -> [String] {
  let manager = FileManager.default
  var paths: [String] = []
  var folders = [""]
  while let folder = folders.popLast() {
    let url = folder.isEmpty ? directory : directory.appendingPathComponent(folder)
    for name in try manager.contentsOfDirectory(atPath: url.path) where !name.hasPrefix(".") {
      let path = folder.isEmpty ? name : folder + "/" + name
      var isDirectory: ObjCBool = false
      guard
        manager.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
      else { continue }
      if isDirectory.boolValue { folders.append(path) } else { paths.append(path) }
    }
  }
  return paths
}

/// A path pattern (`**/*.{md,txt}`) as a regular expression over the whole path.
struct GlobPattern {
  let regex: Regex<AnyRegexOutput>

  init(_ pattern: String) throws {
    var expression = ""
    var braces = 0
    var characters = pattern[...]
    while let character = characters.popFirst() {
      switch character {
      case "*" where characters.hasPrefix("*/"):
        characters.removeFirst(2)
        expression += "(?:.*/)?"
      case "*" where characters.first == "*":
        characters.removeFirst()
        expression += ".*"
      case "*": expression += "[^/]*"
      case "?": expression += "[^/]"
      case "{":
        braces += 1
        expression += "(?:"
      case "}" where braces > 0:
        braces -= 1
        expression += ")"
      case "," where braces > 0: expression += "|"
      default:
        let special = #"\^$.|?*+()[]{}"#
        expression += special.contains(character) ? "\\\(character)" : String(character)
      }
    }
    guard braces == 0 else {
      throw FixtureError(description: "the pattern \(pattern) opens a { it does not close")
    }
    regex = try Regex(expression)
  }

  func matches(_ path: String) -> Bool {
    (try? regex.wholeMatch(in: path)) != nil
  }
}
