import Synchronization

/// Numbers the unnamed snapshots of each test run: 1, 2, … per test and run, never per process,
/// so parallel tests and repeated runs get the same names every time.
final class SnapshotCounter: Sendable {
  static let shared = SnapshotCounter()

  private let counts = Mutex<[String: Int]>([:])

  /// The next number for `key` within the test run `execution`.
  func next(execution: String, key: String) -> Int {
    counts.withLock { counts in
      let composite = execution + "\u{0}" + key
      let value = counts[composite, default: 0] + 1
      counts[composite] = value
      return value
    }
  }
}
