import Foundation

/// The best of several timed runs, in seconds: the least disturbed by the rest of the machine.
func bestTime(runs: Int, _ body: () -> Void) -> Double {
  var best = Double.infinity
  for _ in 0..<runs {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds)
  }
  return best
}

/// One row of the table: a workload timed on both toolkits, with its target.
struct Row {
  var name: String
  var ours: Double
  var theirs: Double?
  var target: String

  var ratio: String {
    guard let theirs else { return "—" }
    return String(format: "%.1f×", theirs / ours)
  }

  static func format(_ seconds: Double?) -> String {
    guard let seconds else { return "—" }
    return seconds < 1 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.2f s", seconds)
  }

  var line: String {
    "| \(name) | \(Row.format(ours)) | \(theirs.map { Row.format($0) } ?? "not run") | \(ratio) | \(target) |"
  }
}
