import Foundation
import TestSupport
import Testing

/// `snapshot-record --sensitivity` through the plugin: the weak references a suite grows are
/// told with why (a filter that eats a line, one that eats everything, a comparison that ignores
/// case, a pattern in an inline reference, a mask over the whole image, a threshold that passes
/// any colour, a JSON redaction of every key, the outline of an empty page), healthy ones of
/// every kind are not, nothing is written, and it exits 1 only where a snapshot cannot fail.
struct Sensitivity {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/SensitivityTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/SensitivityTests"

  static let source = #"""
    import InlineSnapshots
    import Snapshots
    import SnapshotsHTML
    import SnapshotsJSON
    import SnapshotsPNG
    import Testing

    struct Account: Encodable { var id = 7; var name = "Ann" }
    let swatch = try! Image(width: 40, height: 20, filledWith: (30, 90, 200, 255))
    let ordersPage = "<main><h1>Orders</h1><p>2 open</p><a href=/orders>All</a></main>"

    @Test func healthyText() { assertSnapshot(of: "total 3\nitems 2", as: .lines) }
    @Test func healthyImage() {
      assertSnapshot(of: swatch, as: .png(threshold: 0.1, masks: [.pixels(x: 0, y: 0, width: 8, height: 8)]))
    }
    @Test func healthyJSON() { assertSnapshot(of: Account(), as: .json(redacting: [.check("$.id", .number)])) }
    @Test func healthyPage() { assertSnapshot(of: ordersPage, as: .html) }
    @Test func healthyOutline() { assertSnapshot(of: ordersPage, as: .htmlOutline) }

    @Test func wholeMask() {
      assertSnapshot(of: swatch, as: .png(masks: [.fractions(x: 0, y: 0, width: 1, height: 1)]))
    }
    @Test func anyColour() { assertSnapshot(of: swatch, as: .png(threshold: 1)) }
    @Test func everyKey() { assertSnapshot(of: Account(), as: .json(redacting: ["$[*]"])) }
    @Test func emptyPage() {
      assertSnapshot(of: #"<html><body><div id="app"></div></body></html>"#, as: .htmlOutline)
    }

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
    try package.recording(Self.test, Self.source, folder: Self.folder, suite: "SensitivityTests") {
      try package.write(
        Self.test,
        try package.read(Self.test).replacingOccurrences(of: "took 12 ms\n", with: "took [..] ms\n")
      )
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
        "\(Self.folder)/wholeMask.1.png: cannot fail: 2 of 2 changes pass",
        "  a block of 9 pixels at (18, 8) in another colour: no pixel outside the masks",
        "\(Self.folder)/anyColour.1.png: cannot fail: 2 of 2 changes pass",
        "  every pixel outside the masks in another colour: a change of colour passes at threshold 1.0",
        "\(Self.folder)/everyKey.1.json: cannot fail: 2 of 2 changes pass",
        "  $.id: the redaction $[*] replaces it",
        "\(Self.folder)/emptyPage.1.txt: cannot fail: its value has nothing to change (it is empty)",
        "Checked 13 snapshots with",
        "5 snapshots cannot fail at all.",
      ] {
        #expect(output.contains(line), "\(line)\n\(output)")
      }
      #expect(!output.contains("SensitivityTests/healthy"), "\(output)")
      #expect(try snapshotFiles() == before, "nothing is written")
      #expect(pendingFiles() == pendingBefore, "nothing is left pending")
      let healthy = try package.snapshotRecord("--sensitivity", "--filter", "healthy")
      #expect(healthy.status == 0, "\(healthy.output)")
      #expect(!healthy.output.contains("__Snapshots__"), "\(healthy.output)")
      #expect(healthy.output.contains("Checked 5 snapshots with"), "\(healthy.output)")
      #expect(healthy.output.contains("changes: each can fail."), "\(healthy.output)")
      print(
        String(
          format:
            "Sensitivity: %.1f s for the check, %.1f s for the same tests' swift test (%.2f×)",
          checkSeconds, testSeconds, checkSeconds / testSeconds))
    }
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
