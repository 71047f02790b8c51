import Foundation
import SnapshotsPNG
import TestSupport
import Testing

/// `snapshot-record --review` in a real terminal (tmux).
///
/// Three changed file snapshots, a new one, two inline changes and a changed PNG; accept two,
/// reject two, skip one, accept the rest; then `swift test` fails only where a change was rejected or skipped. Quitting,
/// Ctrl-C and closing the terminal keep what was decided and leave the rest; without a
/// terminal it is a usage error that writes nothing.
struct Review {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/ReviewTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/ReviewTests/"

  static func source(_ version: Int) -> String {
    """
    import InlineSnapshots
    import Snapshots
    import SnapshotsPNG
    import Testing

    let v = \(version)

    @Test func reviewAlpha() { assertSnapshot(of: "alpha \\(v)", as: .lines) }
    @Test func reviewBeta() { assertSnapshot(of: "beta \\(v)", as: .lines) }
    @Test func reviewDump() { assertSnapshot(of: ["v": v], as: .dump) }
    @Test func reviewNew() { if v > 1 { assertSnapshot(of: "new", as: .lines) } }
    @Test func reviewInlineOne() { assertInlineSnapshot(of: "one \\(v)", as: .lines) }
    @Test func reviewInlineTwo() { assertInlineSnapshot(of: "two \\(v)", as: .lines) }
    @Test func reviewImage() throws {
      let red: UInt8 = v > 1 ? 255 : 0
      assertSnapshot(of: try Image(width: 8, height: 8, filledWith: (red, 0, 0, 255)), as: .png)
    }

    """
  }

  func run() throws {
    guard Tmux.isAvailable(for: "Review") else { return }
    try package.write(Self.test, Self.source(1))
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
      try? package.remove(".build/snapshots/pending")
    }
    let recorded = try package.snapshotRecord("--filter", "review")
    #expect(recorded.status == 0, "\(recorded.output)")
    try package.write(
      Self.test,
      try package.read(Self.test).replacingOccurrences(of: "let v = 1", with: "let v = 2"))

    try withoutATerminalNothingIsWritten()
    try reviewOneByOne()
    let failing = try failingTests()
    #expect(failing == ["reviewBeta", "reviewInlineOne", "reviewNew"], "\(failing)")
    try quittingAndInterruptingKeepTheRest()
  }

  private func reviewOneByOne() throws {
    let terminal = try Tmux(
      "swift package --allow-writing-to-package-directory snapshot-record --review --filter review",
      in: package.folder.url, environment: package.environment)
    defer { terminal.close() }
    let first = try terminal.waitFor("[1/7]")
    #expect(first.contains("Test:      reviewAlpha()"), "\(first)")
    #expect(first.contains("-alpha 1") && first.contains("+alpha 2"), "\(first)")
    #expect(first.contains("a accept · r reject · s skip"))
    // `o`: the gallery page, searching for this reference.
    try terminal.send("o")
    let gallery = try terminal.waitFor("Gallery: file://", seconds: 60)
    #expect(
      gallery.contains("/.build/snapshots/gallery.html#search=reviewAlpha%2E1%2Etxt"), "\(gallery)")
    // Written from a terminal, where diffs are coloured: the page's lines are classed by their
    // kind and hold no escape code.
    let page = try GalleryMarkup.snapshots(ofPage: package.read(".build/snapshots/gallery.html"))
    #expect(page.contains("<span class=\"remove\">-alpha 1</span>"), "\(page)")
    #expect(page.contains("<span class=\"add\">+alpha 2</span>"), "\(page)")
    #expect(!page.contains("\u{1B}"), "an escape code in the page")
    // Alpha, beta, dump, new, inline one, inline two, image: in source order.
    for (key, next) in [("a", "[2/7]"), ("r", "[3/7]"), ("a", "[4/7]"), ("r", "[5/7]")] {
      try terminal.send(key)
      try terminal.waitFor(next, seconds: 30)
    }
    try terminal.send("s")
    try terminal.waitFor("[6/7]", seconds: 30)
    // The image: its sizes, the share that differs, where, and the difference image.
    try terminal.send("n")
    let image = try terminal.waitFor("[7/7]", seconds: 30)
    #expect(
      image.contains("64 of 64 pixels (100%) differ by more than ΔE2000 0.0"), "\(image)")
    #expect(image.contains("both images 8×8, the change within (0, 0)–(7, 7)"))
    #expect(image.contains("Difference image: "))
    try terminal.send("p")
    try terminal.waitFor("[6/7]", seconds: 30)
    try terminal.send("A")
    let done = try terminal.waitFor("EXIT ", seconds: 60)
    #expect(
      done.contains(
        "Review: accepted 4, rejected 2, skipped 1; 1 change left pending (--review shows it again)."
      ), "\(done)")
    #expect(done.contains("EXIT 0"), "\(done)")
    #expect(try package.read(Self.folder + "reviewAlpha.1.txt") == "alpha 2")
    #expect(try package.read(Self.folder + "reviewBeta.1.txt") == "beta 1")
    #expect(try package.read(Self.folder + "reviewDump.1.txt").contains("2"))
    #expect(!package.exists(Self.folder + "reviewNew.1.txt"))
    let source = try package.read(Self.test)
    #expect(source.contains("\"\"\"\n  one 1\n"), "skipped: \(source)")
    #expect(source.contains("\"\"\"\n  two 2\n"), "accepted: \(source)")
    // The store holds the skipped change alone.
    let pending = try package.snapshotRecord("--pending")
    #expect(
      pending.output.contains("reviewInlineOne()  inline")
        && pending.output.contains("1 pending change:"), "\(pending.output)")
    let json = try package.snapshotRecord("--pending", "--json")
    #expect(
      json.status == 0 && json.output.contains("\"schemaVersion\" : 1")
        && json.output.contains("\"test\" : \"reviewInlineOne()\""), "\(json.output)")
    let png = try Data(
      contentsOf: package.folder.url.appendingPathComponent(
        Self.folder + "reviewImage.1.png"))
    #expect(try Image(pngData: png).rgba.prefix(4) == [255, 0, 0, 255])
  }

  /// The tests `swift test` reports failed, by name.
  private func failingTests() throws -> [String] {
    let run = try package.swift(["test", "--filter", "review"])
    return run.output.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("✘ Test review"), line.contains(" failed after ") else { return nil }
      return String(line.dropFirst("✘ Test ".count).prefix { $0 != "(" })
    }.sorted()
  }

  private func quittingAndInterruptingKeepTheRest() throws {
    // `swift test` recorded the new reference; beta and inline one are pending.
    func review() throws -> Tmux {
      try Tmux(
        "swift package --allow-writing-to-package-directory snapshot-record --review --apply-only",
        in: package.folder.url, environment: package.environment)
    }
    var terminal = try review()
    try terminal.waitFor("[1/2]")
    try terminal.send("a")
    try terminal.waitFor("[2/2]", seconds: 30)
    try terminal.send("q")
    let quit = try terminal.waitFor("EXIT ", seconds: 30)
    #expect(quit.contains("accepted 1, rejected 0, skipped 0; 1 change left pending"), "\(quit)")
    terminal.close()
    #expect(try package.read(Self.folder + "reviewBeta.1.txt") == "beta 2")

    // Ctrl-C while it waits for a key: the terminal is given back, nothing changes.
    terminal = try review()
    let left = try terminal.waitFor("[1/1]")
    #expect(left.contains("Test:      reviewInlineOne()"), "\(left)")
    try terminal.send("C-c")
    try terminal.waitFor("EXIT ", seconds: 30)
    let interrupted = try terminal.screen(history: true)
    #expect(
      interrupted.contains("snapshots: stopped (signal 2); no file is half written"),
      "\(interrupted)")
    terminal.close()

    // Closing the terminal as it writes: the source is old or new, whole, and the next review
    // takes what is left.
    let before = try package.read(Self.test)
    terminal = try review()
    try terminal.waitFor("[1/1]")
    try terminal.send("a")
    terminal.close()
    usleep(500_000)
    let after = try package.read(Self.test)
    #expect(after == before || after.contains("\"\"\"\n  one 2\n"), "\(after)")
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent("Tests/AppTests").path
    ).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    let rest = try package.snapshotRecord("--pending")
    if rest.output.contains("reviewInlineOne()") {
      terminal = try review()
      try terminal.waitFor("[1/1]")
      try terminal.send("a")
      #expect(try terminal.waitFor("EXIT ", seconds: 30).contains("EXIT 0"))
      terminal.close()
    }
    #expect(try package.read(Self.test).contains("\"\"\"\n  one 2\n"))
    #expect(try failingTests().isEmpty)
  }

  /// No terminal (CI, `< /dev/null` in a session of its own): a usage error, and nothing
  /// written.
  private func withoutATerminalNothingIsWritten() throws {
    let before = try package.read(Self.test)
    let references = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    let detached = try Command(
      "setsid",
      [
        "-w", "swift", "package", "--allow-writing-to-package-directory", "snapshot-record",
        "--review",
      ],
      in: package.folder.url, environment: package.environment)
    #expect(detached.status != 0)
    #expect(detached.output.contains("--review needs a terminal"), "\(detached.output)")
    #expect(try package.read(Self.test) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: package.folder.url.appendingPathComponent(Self.folder).path) == references)
    let store = package.folder.url.appendingPathComponent(".build/snapshots/pending").path
    #expect(
      ((try? FileManager.default.contentsOfDirectory(atPath: store)) ?? []).isEmpty,
      "no run was made")
  }
}
