/// The lines `snapshots` prints for a report: what was written where, what was refused and
/// why, then one line of totals.
struct RunSummary {
  var report: RunApplier.Report
  var dryRun: Bool

  var lines: [String] {
    var lines = report.changes.map(\.text)
    for path in report.recorded {
      lines.append("\(dryRun ? "Would record" : "Recorded") \(path)")
    }
    for file in report.rewritten {
      lines.append(
        "\(dryRun ? "Would rewrite" : "Rewrote") \(counted(file.count, "inline snapshot")) in \(file.file)"
      )
    }
    for refusal in report.refused {
      lines.append("Refused \(refusal)")
    }
    let inlineCount = report.rewritten.reduce(0) { $0 + $1.count }
    let files =
      report.rewritten.count == 1
      ? report.rewritten[0].file : counted(report.rewritten.count, "file")
    var total =
      "\(dryRun ? "Would record" : "Recorded") \(counted(report.recorded.count, "file snapshot")), "
      + "\(dryRun ? "would rewrite" : "rewrote") \(counted(inlineCount, "inline snapshot")) in \(files)"
    if !report.refused.isEmpty { total += "; refused \(report.refused.count)" }
    lines.append(total + (dryRun ? " (dry run: nothing was written)" : ""))
    return lines
  }
}

/// `1 file`, `2 files`.
func counted(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}

/// ``counted(_:_:)``, or `nil` for none.
func countedIfAny(_ number: Int, _ noun: String) -> String? {
  number == 0 ? nil : counted(number, noun)
}
