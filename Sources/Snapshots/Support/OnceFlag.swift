import Synchronization

/// A flag that exactly one caller can claim, from any thread.
final class OnceFlag: Sendable {
  private let claimed = Atomic<Bool>(false)

  /// `true` for the first caller only.
  func claim() -> Bool {
    !claimed.exchange(true, ordering: .acquiringAndReleasing)
  }
}
