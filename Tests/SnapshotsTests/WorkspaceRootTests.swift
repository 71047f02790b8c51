import Foundation
import SnapshotsFixtures
import TestSupport
import Testing

@_spi(Tooling) @testable import Snapshots

/// A test source compiled on another machine is found in the copy that runs
/// (`SNAPSHOTS_WORKSPACE_ROOT`) by the longest tail of its path that is there; a root that does
/// not hold the running test is an error of its assertions, and nothing is written.
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
    let found = WorkspaceRoot.path(of: "/build/app/Tests/AppTests/T.swift", under: root)
    #expect(found == root + "/Tests/AppTests/T.swift")
    #expect(WorkspaceRoot.problem(with: found, under: root) == nil)
    let other = WorkspaceRoot.path(of: "/elsewhere/Other.swift", under: root)
    #expect(other == "/elsewhere/Other.swift")
    #expect(
      WorkspaceRoot.problem(with: other, under: root)
        == .init(root: root, reason: .lacks(testFile: "/elsewhere/Other.swift")))
    #expect(
      WorkspaceRoot.problem(with: found, under: "/nonexistent")
        == .init(root: "/nonexistent", reason: .missing))
    #expect(
      WorkspaceRoot.problem(with: found, under: "/etc/passwd")
        == .init(root: "/etc/passwd", reason: .notAFolder))
  }

  /// Set but empty, the variable is an error, not unset: most often a CI variable that
  /// expanded to nothing.
  @Test func anEmptyRootIsAnError() {
    #expect(WorkspaceRoot.root(in: [WorkspaceRoot.variable: ""]) == "")
    #expect(
      WorkspaceRoot.problem(with: "/p/T.swift", under: "") == .init(root: "", reason: .empty))
    #expect(WorkspaceRoot.root(in: [:]) == nil)
    #expect(WorkspaceRoot.root(in: [WorkspaceRoot.variable: "/a/b/../c/"]) == "/a/c")
  }

  /// Asks to record into this package, and for this file's fixtures; run only by the test
  /// below, with a root that does not hold this file.
  @Test(.enabled(if: Probe.isRunning("workspaceRootProbe")))
  func workspaceRootProbe() throws {
    assertSnapshot(of: "written?", as: .lines, named: "probe", record: .all)
    #expect(throws: WorkspaceRoot.Problem.self) { try fixtures(in: "__Snapshots__") }
  }

  @Test func aRootThatDoesNotHoldTheTestFailsItAndWritesNothing() async throws {
    let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/WorkspaceRootTests/workspaceRootProbe.probe.txt")
    let folder = try TemporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: reference)
      rmdir(reference.deletingLastPathComponent().path)  // when empty
      folder.remove()
    }
    // Another package: a manifest and a test target, but not this file.
    let other = folder.file("Other")
    try FileManager.default.createDirectory(
      at: other.appendingPathComponent("Tests/OtherTests"), withIntermediateDirectories: true)
    try Data("// swift-tools-version: 6.0\n".utf8).write(
      to: other.appendingPathComponent("Package.swift"))
    try Data().write(to: other.appendingPathComponent("Tests/OtherTests/OtherTests.swift"))
    let artifacts = folder.file("artifacts")
    for (root, says) in [
      ("/nonexistent", "which does not exist"), ("/etc/passwd", "which is not a folder"),
      (other.path, "which does not hold this test's file: no tail of \(#filePath)"),
      ("", "set but empty"),
    ] {
      let probe = try await Probe.run(
        "workspaceRootProbe",
        environment: [WorkspaceRoot.variable: root, "SNAPSHOT_ARTIFACTS": artifacts.path])
      #expect(probe.status != 0)
      let message = "SNAPSHOTS_WORKSPACE_ROOT is " + (root.isEmpty ? says : "\(root), \(says)")
      #expect(probe.output.contains(message), "\(probe.output)")
      #expect(probe.output.contains("set it to the package's folder"), "\(probe.output)")
      #expect(!FileManager.default.fileExists(atPath: reference.path), "recorded with \(root)")
      #expect(!FileManager.default.fileExists(atPath: artifacts.path), "an artifact with \(root)")
    }
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: other.path).sorted()
        == ["Package.swift", "Tests", "Tests/OtherTests", "Tests/OtherTests/OtherTests.swift"])
  }
}
