import Foundation
import TestSupport
import Testing

/// The browser review as a user runs it: `snapshot-record --review --browser --apply-only` in a
/// terminal (tmux), its page driven in Chromium through Playwright (`Tests/Browser/
/// browser_review.py`): a group of 300 accepted with one key, one change accepted, one
/// rejected, one skipped, an image in each of the gallery's views, a tab without the token and
/// a post of another origin refused; then Ctrl-C in the terminal, and the files on disk are
/// exactly what was decided.
struct BrowserReviewScenario {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/BrowserTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/BrowserTests/"

  static func source(_ version: Int) -> String {
    """
    import Snapshots
    import SnapshotsPNG
    import Testing

    let v = \(version)

    @Test func badge() throws {
      let image = try Image(width: 8, height: 4, filledWith: (v == 1 ? 250 : 20, 20, 20, 255))
      assertSnapshot(of: image, as: .png)
    }

    @Test(arguments: 0..<300) func shared(i: Int) {
      assertSnapshot(of: "page \\(i)\\nfooter \\(v)\\n", as: .lines, named: "\\(i)")
    }
    @Test(arguments: 0..<5) func single(i: Int) {
      assertSnapshot(of: "value \\(i * 10 + v)\\n", as: .lines, named: "\\(i)")
    }

    """
  }

  func run() throws {
    guard Tmux.isAvailable(for: "BrowserReviewScenario") else { return }
    guard Browser.available else {
      #expect(!Browser.required, "CI installs Chromium and Playwright")
      print("BrowserReviewScenario: skipped: no Chromium or no Playwright for Python")
      return
    }
    try package.write(Self.test, Self.source(1))
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
      try? package.remove(".build/snapshots/pending")
    }
    let recorded = try package.snapshotRecord("--filter", "BrowserTests")
    #expect(recorded.status == 0, "\(recorded.output)")
    try package.write(Self.test, Self.source(2))
    let failed = try package.swift(["test", "--filter", "BrowserTests"])
    #expect(failed.status != 0, "\(failed.output)")

    let terminal = try Tmux(
      "swift package --allow-writing-to-package-directory snapshot-record --review --browser --apply-only",
      in: package.folder.url, environment: package.environment)
    defer { terminal.close() }
    let screen = try terminal.waitFor("in the browser: open http")
    let address = try #require(
      screen.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") },
      "\(screen)")
    try drive(String(address))
    // Ctrl-C in the terminal: the review ends, and what it did not decide stays pending.
    try terminal.send("C-c")
    try waitForTheEnd(of: terminal)
    try expectExactlyWhatWasDecided()
  }

  private func drive(_ address: String) throws {
    let expectations: [String: Any] = [
      "chromium": Browser.chromium ?? "", "group": 300, "accept": "single-i-0.0",
      "reject": "single-i-1.1", "skip": "single-i-2.2", "forged": "single-i-3.3",
      "image": "badge",
    ]
    let json = String(
      decoding: try JSONSerialization.data(withJSONObject: expectations), as: UTF8.self)
    let script = ThrowawayPackage.repository.appendingPathComponent(
      "Tests/Browser/browser_review.py")
    let run = try Command("python3", [script.path, address, json], in: package.folder.url)
    #expect(run.status == 0, "\(run.output)")
    #expect(!run.output.contains("FAILED"), "\(run.output)")
    print(run.output)
  }

  /// Waits until the command has ended: the shell says its status, or tmux that the pane's
  /// command was ended by the signal.
  private func waitForTheEnd(of terminal: Tmux) throws {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let shown = try terminal.screen()
      if shown.contains("EXIT ") || shown.contains("Pane is dead") { return }
      usleep(100_000)
    }
    Issue.record("the review did not end on Ctrl-C:\n\(try terminal.screen())")
  }

  private func expectExactlyWhatWasDecided() throws {
    let folder = package.folder.url.appendingPathComponent(Self.folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.count == 306, "no other file, and no temporary one: \(names.sorted())")
    let texts = try Dictionary(
      uniqueKeysWithValues: names.map { ($0, try package.read(Self.folder + $0)) })
    let shared = texts.filter { $0.key.hasPrefix("shared") }
    #expect(shared.count == 300 && shared.allSatisfy { $0.value.hasSuffix("footer 2\n") })
    #expect(texts["single-i-0.0.txt"] == "value 2\n", "accepted")
    for index in 1...4 {
      let text = texts["single-i-\(index).\(index).txt"]
      #expect(text == "value \(index * 10 + 1)\n", "rejected, skipped or not decided")
    }
    // Rejected, the change is gone; skipped, forged or not looked at, it stays pending.
    let listed = try package.snapshotRecord("--pending")
    #expect(listed.output.contains("4 pending changes"), "\(listed.output)")
    for name in ["single-i-2.2.txt", "single-i-3.3.txt", "single-i-4.4.txt", "badge.1.png"] {
      #expect(listed.output.contains(name), "\(listed.output)")
    }
  }
}
