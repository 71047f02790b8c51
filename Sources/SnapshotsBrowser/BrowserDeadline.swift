import Foundation
@_spi(Tooling) import Snapshots

/// The time one use of the browser (a screenshot) may spend waiting on Chromium: its
/// `timeout:`, drawn on by every step (starting the browser, opening and loading the page, each
/// command, the requests the page has under way, closing a page that failed).
///
/// Only the waits count, from a command's write to the moment its reply is read (on the
/// reader's own thread): between two steps the screenshot's task may wait for one of the few
/// threads every test's tasks share, and in a full suite on two cores other tests can hold them
/// for minutes. Counting that wait would fail a screenshot for the time it was not running.
final class BrowserDeadline: Sendable {
  /// The whole time, as a failure names it.
  let budget: Duration
  /// The time spent waiting, and since when the waits under way began, if any.
  private let clock = Locked<(spent: Duration, since: ContinuousClock.Instant?, waits: Int)>(
    (.zero, nil, 0))

  init(_ budget: Duration) {
    self.budget = budget
  }

  /// What is left, none once it has been spent.
  var remaining: Duration {
    clock.withLock { clock in
      let current = clock.since.map { ContinuousClock.now - $0 } ?? .zero
      return max(.zero, budget - clock.spent - current)
    }
  }

  var hasPassed: Bool { remaining == .zero }

  /// A wait on Chromium begins (several may overlap: they count once).
  func beginWait() {
    clock.withLock { clock in
      if clock.waits == 0 { clock.since = .now }
      clock.waits += 1
    }
  }

  /// A wait on Chromium ends.
  func endWait() {
    clock.withLock { clock in
      guard clock.waits > 0 else { return }
      clock.waits -= 1
      if clock.waits == 0, let since = clock.since {
        clock.spent += ContinuousClock.now - since
        clock.since = nil
      }
    }
  }
}
