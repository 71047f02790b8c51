import Foundation
import TestSupport
import Testing

/// Review by groups in a real terminal (tmux): 300 pending changes that make three changes of
/// lines, 100 references each, and 5 of their own are decided in 8 keys; then `--accept` with a
/// group's id writes exactly that group's references.
struct ReviewGroups {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/GroupTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/GroupTests/"

  static func source(_ version: Int) -> String {
    """
    import Snapshots
    import Testing

    let v = \(version)

    @Test(arguments: 0..<100) func groupA(i: Int) {
      assertSnapshot(of: "response \\(i)\\nServer: s\\(v)\\n", as: .lines, named: "\\(i)")
    }
    @Test(arguments: 0..<100) func groupB(i: Int) {
      assertSnapshot(of: "page \\(i)\\nfooter \\(v)\\n", as: .lines, named: "\\(i)")
    }
    @Test(arguments: 0..<100) func groupC(i: Int) {
      assertSnapshot(of: "x-id: \\(i)\\nx-a: \\(v)\\n", as: .lines, named: "\\(i)")
    }
    @Test(arguments: 0..<5) func single(i: Int) {
      assertSnapshot(of: "value \\(i * 10 + v)\\n", as: .lines, named: "\\(i)")
    }

    """
  }

  func run() throws {
    guard Tmux.isAvailable(for: "ReviewGroups") else { return }
    try package.write(Self.test, Self.source(1))
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
      try? package.remove(".build/snapshots/pending")
    }
    let recorded = try package.snapshotRecord("--filter", "GroupTests")
    #expect(recorded.status == 0, "\(recorded.output)")
    try leaveChanges(version: 2)
    try eightKeysDecideEverything()
    try leaveChanges(version: 3)
    try acceptingAGroupWritesThatGroupAlone()
  }

  /// The references' texts, by file name.
  private func references() throws -> [String: String] {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    return try Dictionary(
      uniqueKeysWithValues: names.map { ($0, try package.read(Self.folder + $0)) })
  }

  private func leaveChanges(version: Int) throws {
    try package.write(Self.test, Self.source(version))
    let run = try package.swift(["test", "--filter", "GroupTests"])
    #expect(run.status != 0, "\(run.output)")
  }

  private func eightKeysDecideEverything() throws {
    let terminal = try Tmux(
      "swift package --allow-writing-to-package-directory snapshot-record --review --apply-only",
      in: package.folder.url, environment: package.environment)
    defer { terminal.close() }
    let first = try terminal.waitFor("[group 1/3]")
    #expect(first.contains("the same change in 100 references"), "\(first)")
    #expect(first.contains("-Server: s1") && first.contains("+Server: s2"), "\(first)")
    for (key, next) in [("a", "[group 2/3]"), ("r", "[group 3/3]"), ("a", "[301/305]")] {
      try terminal.send(key)
      try terminal.waitFor(next, seconds: 60)
    }
    for (key, next) in [
      ("a", "[302/305]"), ("a", "[303/305]"), ("a", "[304/305]"), ("r", "[305/305]"),
    ] {
      try terminal.send(key)
      try terminal.waitFor(next, seconds: 30)
    }
    try terminal.send("a")
    let done = try terminal.waitFor("EXIT ", seconds: 60)
    #expect(
      done.contains("Review: accepted 204, rejected 101, skipped 0; nothing left pending."),
      "\(done)")
    let texts = try references()
    #expect(texts.of("groupA", 7) == "response 7\nServer: s2\n")
    #expect(texts.of("groupB", 7) == "page 7\nfooter 1\n")
    #expect(texts.of("groupC", 7) == "x-id: 7\nx-a: 2\n")
    #expect(texts.of("single", 3) == "value 31\n")
    #expect(texts.of("single", 4) == "value 42\n")
  }

  private func acceptingAGroupWritesThatGroupAlone() throws {
    let listed = try package.snapshotRecord("--pending")
    let groups = listed.output.split(separator: "\n").filter { $0.contains("  group  ") }
    #expect(groups.count == 3, "\(listed.output)")
    let footer = try #require(groups.first { $0.contains("+footer 3") }, "\(listed.output)")
    let before = try references()
    let accepted = try package.snapshotRecord("--accept", String(footer.prefix(6)))
    #expect(accepted.status == 0, "\(accepted.output)")
    #expect(
      accepted.output.contains("Accepted 100, rejected 0; 205 changes left pending."),
      "\(accepted.output)")
    let after = try references()
    let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
    #expect(changed.count == 100 && changed.allSatisfy { $0.hasPrefix("groupB") }, "\(changed)")
    #expect(after.of("groupB", 7) == "page 7\nfooter 3\n")
  }
}

extension [String: String] {
  /// The text of a test's reference named `index` (a test's name is spelt as the toolkit
  /// spells it in file names).
  fileprivate func of(_ test: String, _ index: Int) -> String? {
    first { $0.key.hasPrefix(test) && $0.key.hasSuffix(".\(index).txt") }?.value
  }
}
