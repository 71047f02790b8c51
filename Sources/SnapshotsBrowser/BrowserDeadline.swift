/// The end of one use of the browser (a screenshot), its `timeout:` after its turn begins:
/// every step (starting the browser, opening and loading the page, each command, closing a page
/// that failed) draws on what is left of it.
struct BrowserDeadline: Sendable {
  /// The whole time, as a failure names it.
  let budget: Duration
  private let end: ContinuousClock.Instant

  init(_ budget: Duration) {
    self.budget = budget
    end = .now + budget
  }

  /// What is left, none once it has passed.
  var remaining: Duration { max(.zero, end - .now) }

  var hasPassed: Bool { ContinuousClock.now >= end }
}
