import Foundation
import TestSupport
import Testing

@_spi(Tooling) @testable import Snapshots

/// A test source compiled on another machine is found in the copy that runs
/// (`SNAPSHOTS_WORKSPACE_ROOT`) by the longest tail of its path that is there.
@Suite struct WorkspaceRootTests {
  @Test func aCompiledPathIsTheCopysByItsLongestTail() throws {
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    let root = copy.url.standardizedFileURL.path
    for file in ["Tests/AppTests/T.swift", "T.swift"] {
      let url = copy.file(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: url)
    }
    #expect(
      WorkspaceRoot.path(of: "/build/app/Tests/AppTests/T.swift", under: root)
        == root + "/Tests/AppTests/T.swift")
    #expect(
      WorkspaceRoot.path(of: "/elsewhere/Other.swift", under: root) == "/elsewhere/Other.swift")
  }
}
