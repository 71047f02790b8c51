import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots sensitivity` (`snapshot-record --sensitivity`): can each snapshot fail? Runs the
/// tests once with ``SensitivityCheck`` on, and tells, per reference, the changes of its value
/// that its comparison lets pass and why; writes nothing into the package.
///
/// Exits 1 when a reference cannot fail at all (every change passed, or there was none to
/// make), or when tests failed (their snapshots were not checked).
enum SensitivityVerb {
  /// How many reasons a reference shows; the rest are counted.
  static let shownReasons = 5

  static func run(_ options: ToolOptions, print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshots-sensitivity-\(PendingStore.uniqueName())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("report.jsonl")
    let runner = TestRunner(
      checking: options, in: folder, adding: [SensitivityCheck.variable: report.path],
      quiet: options.quiet, progress: print)
    let passes: [TestRunner.Pass]
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      passes = try runner.run()
    } catch {
      print("error: \(error)")
      return .testsDidNotRun
    }
    let entries = SensitivityCheck.entries(in: report)
    let lines = Self.lines(entries) { RunApplier.relative($0, in: options.package) }
    lines.forEach(print)
    let failed = passes.contains { $0.failed || $0.crashed }
    if failed { print("Some tests failed or crashed: their snapshots were not checked.") }
    if passes.contains(where: \.crashed) { return .testsDidNotRun }
    return failed || entries.contains(where: \.cannotFail) ? .refused : .success
  }

  /// The report: each reference with a change that passed, its reasons, then the count.
  static func lines(
    _ entries: [SensitivityCheck.Entry], relative: (String) -> String
  ) -> [String] {
    var lines: [String] = []
    let checked = entries.filter { !$0.unchecked }
    func name(_ entry: SensitivityCheck.Entry) -> String {
      entry.reference == "inline"
        ? "inline snapshot at \(relative(entry.sourceFile)):\(entry.line)"
        : relative(entry.reference)
    }
    // By name: tests run in parallel, so the order they finish in changes from run to run.
    for (entry, name) in checked.map({ ($0, name($0)) }).sorted(by: { $0.1 < $1.1 })
    where !entry.passed.isEmpty || entry.tried == 0 {
      guard entry.tried > 0 else {
        lines.append("\(name): cannot fail: its value has nothing to change (it is empty)")
        continue
      }
      let passing = "\(entry.passed.count) of \(counted(entry.tried, "change")) pass"
      lines.append("\(name): \(entry.cannotFail ? "cannot fail: " : "")\(passing)")
      lines += entry.passed.prefix(shownReasons).map { "  \($0.change): \($0.reason)" }
      if entry.passed.count > shownReasons {
        lines.append("  … and \(entry.passed.count - shownReasons) more")
      }
    }
    let unchecked = entries.count - checked.count
    if unchecked > 0 {
      lines.append(
        "Not checked: \(counted(unchecked, "snapshot")) whose strategy defines no change to try (Snapshotting.changes)."
      )
    }
    let cannotFail = checked.filter(\.cannotFail).count
    lines.append(
      "Checked \(counted(checked.count, "snapshot")) with \(counted(checked.reduce(0) { $0 + $1.tried }, "change")): "
        + (cannotFail == 0
          ? "each can fail."
          : "\(counted(cannotFail, "snapshot")) cannot fail at all."))
    return lines
  }
}
