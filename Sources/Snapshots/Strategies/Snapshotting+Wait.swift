import Foundation

extension Snapshotting {
  /// Waits `duration` seconds before taking the snapshot with `strategy`: for values that
  /// settle some time after they are made.
  ///
  /// ```swift
  /// assertSnapshot(of: spinner, as: .wait(for: 0.5, on: .dump), timeout: 2)
  /// ```
  ///
  /// The wait counts against the assertion's `timeout:`. It sleeps on the snapshot's own
  /// executor, never on the test's thread or the main queue.
  public static func wait(for duration: TimeInterval, on strategy: Snapshotting) -> Snapshotting {
    Snapshotting(pathExtension: strategy.pathExtension, diffing: strategy.diffing) { value in
      Async {
        try await Task.sleep(for: .seconds(duration))
        return try await strategy.snapshot(value).value()
      }
    }
  }
}
