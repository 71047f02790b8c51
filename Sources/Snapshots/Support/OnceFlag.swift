/// A flag that exactly one caller can claim, from any thread.
final class OnceFlag: Sendable {
  private let claimed = Locked(false)

  /// `true` for the first caller only.
  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}
