import Foundation
import TestSupport
import Testing

/// Groups by hunk, through the plugin, on pages whose footer and `Content-Length` changed.
///
/// Three pages' `Content-Length` moved with their footer, each its own way, and two inline
/// pages have a footer of their own. Each footer is one group; accepting it writes the footer
/// alone and leaves each page's `Content-Length` pending under the same id, and a second accept
/// leaves nothing.
struct ReviewHunks {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/HunkTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/HunkTests/"

  /// The test file, with the pages' footer and the inline pages' footer.
  static func source(footer: String, inline: String) -> String {
    """
    import InlineSnapshots
    import Snapshots
    import Testing

    func page(_ i: Int, footer: String) -> String {
      let body =
        "<h1>Page \\(i)</h1>\\n" + String(repeating: "<p>text</p>\\n", count: i + 1)
        + "<footer>\\(footer)</footer>\\n"
      return "HTTP/1.1 200 OK\\nContent-Length: \\(body.utf8.count)\\nContent-Type: text/html\\n\\n" + body
    }

    @Test(arguments: 0..<3) func hunkPage(i: Int) {
      assertSnapshot(of: page(i, footer: "\(footer)"), as: .lines, named: "\\(i)")
    }

    @Test func hunkInline() {
      assertInlineSnapshot(of: page(7, footer: "\(inline)"), as: .lines)
      assertInlineSnapshot(of: page(8, footer: "\(inline)"), as: .lines)
    }

    """
  }

  func run() throws {
    try package.write(Self.test, Self.source(footer: "© 2026", inline: "inline 2026"))
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
      try? package.remove(".build/snapshots/pending")
    }
    let recorded = try package.snapshotRecord("--filter", "HunkTests")
    #expect(recorded.status == 0, "\(recorded.output)")
    // The footers grow by 13 bytes, and so does each page's Content-Length.
    try package.write(
      Self.test,
      try package.read(Self.test)
        .replacingOccurrences(of: "\"© 2026\"", with: "\"© 2026 Example Inc.\"")
        .replacingOccurrences(of: "\"inline 2026\"", with: "\"inline 2026 to 2038\""))
    #expect(try package.swift(["test", "--filter", "HunkTests"]).status != 0)

    let before = try listing()
    let groups = try #require(before["groups"] as? [[String: Any]])
    #expect(groups.map { ($0["changes"] as? [String])?.count } == [3, 2], "\(groups)")
    let pages = try #require(groups.first { ($0["changes"] as? [String])?.count == 3 })
    #expect(pages["added"] as? [String] == ["<footer>© 2026 Example Inc.</footer>"], "\(pages)")
    let ids = try changeIDs(before)

    let accepted = try package.snapshotRecord("--accept", try #require(pages["id"] as? String))
    #expect(accepted.status == 0, "\(accepted.output)")
    #expect(
      accepted.output.contains(
        "Accepted 3, rejected 0 (3 of them in part: the rest stays pending); 5 changes left pending."
      ), "\(accepted.output)")
    for i in 0..<3 {
      let text = try page(i)
      #expect(text.contains("<footer>© 2026 Example Inc.</footer>"), "\(text)")
      #expect(text.contains("Content-Length: \(53 + 12 * i)\n"), "\(text)")
    }
    let inline = try #require(groups.first { $0["id"] as? String != pages["id"] as? String })
    try acceptInTheTerminal(try #require(inline["id"] as? String))
    let source = try package.read(Self.test)
    #expect(
      source.components(separatedBy: "<footer>inline 2026 to 2038</footer>").count == 3, "\(source)"
    )
    #expect(source.contains("Content-Length: 141\n"), "\(source)")

    // What is left: each page's Content-Length, under the id it had, in no group.
    let left = try listing()
    #expect(try changeIDs(left) == ids)
    #expect((left["groups"] as? [Any])?.isEmpty == true, "\(left)")
    let second = try package.swift(
      ["package", "--allow-writing-to-package-directory", "snapshot-record", "--accept"] + ids)
    #expect(second.status == 0, "\(second.output)")
    #expect(try package.snapshotRecord("--pending").output.contains("No pending snapshots."))
    #expect(try page(2).contains("Content-Length: \(66 + 24)\n"))
    #expect(try package.swift(["test", "--filter", "HunkTests"]).status == 0)
  }

  /// The reference of the `i`th page.
  private func page(_ i: Int) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    let name = try #require(names.first { $0.hasPrefix("hunkPage") && $0.hasSuffix(".\(i).txt") })
    return try package.read(Self.folder + name)
  }

  /// Accepts the inline pages' footer, the one group left, with `a` in `--review`.
  ///
  /// The review then shows what is left of each change one by one; `q` leaves them pending.
  /// Without tmux, `--accept` decides the group.
  private func acceptInTheTerminal(_ group: String) throws {
    guard Tmux.isAvailable(for: "ReviewHunks") else {
      #expect(try package.snapshotRecord("--accept", group).status == 0)
      return
    }
    let terminal = try Tmux(
      "swift package --allow-writing-to-package-directory snapshot-record --review --apply-only",
      in: package.folder.url, environment: package.environment)
    defer { terminal.close() }
    let first = try terminal.waitFor("[group 1/1]")
    #expect(first.contains("id \(group)"), "\(first)")
    #expect(first.contains("+<footer>inline 2026 to 2038</footer>"), "\(first)")
    try terminal.send("a")
    // Then the first page's Content-Length, alone.
    let next = try terminal.waitFor("[1/5]", seconds: 60)
    #expect(next.contains("-Content-Length: 53") && next.contains("+Content-Length: 66"), "\(next)")
    #expect(!next.contains("<footer>"), "\(next)")
    try terminal.send("q")
    let done = try terminal.waitFor("EXIT ", seconds: 60)
    #expect(
      done.contains(
        "Groups decided a part of 2 changes; the rest of each was left to decide on its own."),
      "\(done)")
    #expect(done.contains("5 changes left pending"), "\(done)")
  }

  private func listing() throws -> [String: Any] {
    let listed = try package.snapshotRecord("--pending", "--json")
    #expect(listed.status == 0, "\(listed.output)")
    let json = try #require(listed.output.firstIndex(of: "{"))
    return try #require(
      try JSONSerialization.jsonObject(with: Data(listed.output[json...].utf8)) as? [String: Any])
  }

  private func changeIDs(_ listing: [String: Any]) throws -> [String] {
    try #require(listing["changes"] as? [[String: Any]]).compactMap { $0["id"] as? String }
  }
}
