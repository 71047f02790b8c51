import Foundation
import TestSupport
import Testing

/// `snapshot-record --sensitivity` through the plugin: weak references are told with why (a
/// filter that eats a line, one that eats everything, a comparison that ignores case, a pattern
/// in an inline reference), a healthy one is not, nothing is written, and it exits 1 only where
/// a snapshot cannot fail at all.
struct Sensitivity {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/SensitivityTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/SensitivityTests"

  static let source = #"""
    import InlineSnapshots
    import Snapshots
    import Testing

    @Test func healthy() { assertSnapshot(of: "total 3\nitems 2", as: .lines) }

    @Test func eatenLine() {
      assertSnapshot(
        of: "secret 42\nok", as: .lines.filtered([.regex("secret [0-9]+.*", replacement: "secret")]))
    }

    @Test func eatenWhole() {
      assertSnapshot(of: "anything\nat all", as: .lines.filtered([.regex("(?s).+", replacement: "x")]))
    }

    @Test func caseless() {
      var strategy = Snapshotting<String, String>.lines
      strategy.diffing.diff = { reference, actual in
        reference.lowercased() == actual.lowercased() ? nil : SnapshotDifference("differs")
      }
      assertSnapshot(of: "Ready", as: strategy)
    }

    @Test func timed() { assertInlineSnapshot(of: "took 12 ms", as: .lines) }

    """#

  func run() throws {
    try package.write(Self.test, Self.source)
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
    }
    let recorded = try package.snapshotRecord("--filter", "SensitivityTests")
    #expect(recorded.status == 0, "\(recorded.output)")
    try package.write(
      Self.test,
      try package.read(Self.test).replacingOccurrences(of: "took 12 ms\n", with: "took [..] ms\n"))
    #expect(try package.read(Self.test).contains("took [..] ms"))
    let before = try snapshotFiles()
    let pendingBefore = pendingFiles()
    let plain = Date()
    #expect(try package.swift(["test", "--filter", "SensitivityTests"]).status == 0)
    let testSeconds = Date().timeIntervalSince(plain)
    let started = Date()
    let checked = try package.snapshotRecord("--sensitivity", "--filter", "SensitivityTests")
    let checkSeconds = Date().timeIntervalSince(started)
    #expect(checked.status == 1, "\(checked.output)")
    let output = checked.output
    for line in [
      "\(Self.folder)/eatenLine.1.txt: 1 of 6 changes pass",
      "  line 1 (end): the filter /secret [0-9]+.*/ replaces it",
      "\(Self.folder)/eatenWhole.1.txt: cannot fail: 6 of 6 changes pass",
      "  line 1 (end): the filter /(?s).+/ replaces it",
      "\(Self.folder)/caseless.1.txt: 1 of 3 changes pass",
      "  line 1 (case): the comparison ignores a change of case",
      "inline snapshot at Tests/AppTests/SensitivityTests.swift:",
      "  line 1 (middle): a pattern of the reference matches it",
      "Checked 5 snapshots with 24 changes: 1 snapshot cannot fail at all.",
    ] {
      #expect(output.contains(line), "\(line)\n\(output)")
    }
    #expect(!output.contains("healthy.1.txt"), "\(output)")
    #expect(try snapshotFiles() == before, "nothing is written")
    #expect(pendingFiles() == pendingBefore, "nothing is left pending")
    let healthy = try package.snapshotRecord("--sensitivity", "--filter", "healthy")
    #expect(healthy.status == 0, "\(healthy.output)")
    #expect(healthy.output.contains("Checked 1 snapshot with 6 changes: each can fail."))
    print(
      String(
        format: "Sensitivity: %.1f s for the check, %.1f s for the same tests' swift test (%.2f×)",
        checkSeconds, testSeconds, checkSeconds / testSeconds))
  }

  private func snapshotFiles() throws -> [String: String] {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: package.folder.url.appendingPathComponent(Self.folder).path)
    return try Dictionary(
      uniqueKeysWithValues: names.map { ($0, try package.read(Self.folder + "/" + $0)) })
  }

  private func pendingFiles() -> [String] {
    let store = package.folder.url.appendingPathComponent(".build/snapshots/pending")
    return (FileManager.default.enumerator(atPath: store.path)?.allObjects as? [String] ?? [])
      .sorted()
  }
}
