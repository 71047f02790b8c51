import Foundation

/// The best of several timed runs, in seconds: the least disturbed by the rest of the machine.
func bestTime(runs: Int, _ body: () -> Void) -> Double {
  var best = Double.infinity
  for _ in 0..<runs {
    let start = ContinuousClock.now
    body()
    best = min(best, (ContinuousClock.now - start).seconds)
  }
  return best
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// One row of the table: a workload timed on both toolkits (or against a floor such as a bare
/// `memcmp`, named in the row), with its target.
struct Row {
  var name: String
  var ours: Double
  var theirs: Double?
  var target: String
  /// What `theirs` measured when it is not swift-snapshot-testing.
  var baselineName: String?

  init(name: String, ours: Double, theirs: Double?, target: String) {
    self.name = name
    self.ours = ours
    self.theirs = theirs
    self.target = target
  }

  init(name: String, ours: Double, baseline: Double, baselineName: String, target: String) {
    self.init(name: name, ours: ours, theirs: baseline, target: target)
    self.baselineName = baselineName
  }

  /// How many times faster ours is; for a floor, how many times its time ours takes.
  var ratio: String {
    guard let theirs else { return "—" }
    if baselineName != nil { return String(format: "%.2f× of it", ours / theirs) }
    return String(format: "%.1f×", theirs / ours)
  }

  static func format(_ seconds: Double?) -> String {
    guard let seconds else { return "—" }
    if seconds < 0.001 { return String(format: "%.1f µs", seconds * 1e6) }
    return seconds < 1
      ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.2f s", seconds)
  }

  var line: String {
    let other = theirs.map { Row.format($0) + (baselineName.map { " (\($0))" } ?? "") } ?? "not run"
    return "| \(name) | \(Row.format(ours)) | \(other) | \(ratio) | \(target) |"
  }
}
