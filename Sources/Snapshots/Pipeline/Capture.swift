import Foundation

/// Runs a strategy's snapshot closure, waiting at most `timeout` (`nil`: until it ends, for a
/// strategy that times itself).
enum Capture {
  /// Why there is no snapshot when the value itself threw.
  static func couldNotEvaluate(_ error: any Error) -> String {
    "Could not evaluate the value to snapshot: \(error)"
  }

  enum Failure: Error, CustomStringConvertible {
    case threw(any Error)
    case timedOut(TimeInterval)

    var description: String {
      switch self {
      case .threw(let error): return "Could not snapshot the value: \(error)"
      case .timedOut(let seconds):
        return
          "The snapshot took longer than \(seconds.formatted()) s (the timeout:); raise timeout: if it is slow."
      }
    }
  }

  static func run<Format>(_ async: Async<Format>, timeout: TimeInterval?) -> Result<
    Format, Failure
  > {
    if case .ready(let result) = async.source { return result.mapError(Failure.threw) }
    let semaphore = DispatchSemaphore(value: 0)
    // The first result only: a strategy may deliver more than once.
    let slot = Locked<UncheckedBox<Result<Format, any Error>>?>(nil)
    async.deliver { result in
      let first = slot.withLock { stored in
        guard stored == nil else { return false }
        stored = UncheckedBox(result)
        return true
      }
      if first { semaphore.signal() }
    }
    let delivered =
      Thread.isMainThread
      ? runMainLoop(until: { slot.withLock { $0 != nil } }, timeout: timeout)
      : semaphore.wait(timeout: timeout.map { .now() + $0 } ?? .distantFuture) == .success
    guard delivered, let result = slot.withLock({ $0?.value }) else {
      return .failure(.timedOut(timeout ?? 0))
    }
    return result.mapError(Failure.threw)
  }

  /// Runs the main run loop while waiting on the main thread (where XCTest runs tests), as
  /// XCTest's own waiters do: work the value needs that is queued on the main queue (a view
  /// update, a `DispatchQueue.main.asyncAfter`) gets done instead of waiting behind the test.
  private static func runMainLoop(until done: () -> Bool, timeout: TimeInterval?) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) } ?? .distantFuture
    while !done() {
      let now = Date()
      if now >= deadline { return false }
      if !RunLoop.current.run(mode: .default, before: min(deadline, now + 0.01)) {
        usleep(1000)
      }
    }
    return true
  }
}

extension Capture {
  /// Awaits the strategy's result, at most `timeout`, without blocking a thread: a strategy that
  /// hangs costs its caller the timeout, and other tests nothing.
  static func value<Format>(of async: Async<Format>, timeout: TimeInterval?) async -> Result<
    Format, Failure
  > {
    if case .ready(let result) = async.source { return result.mapError(Failure.threw) }
    let source = UncheckedBox(async)
    let outcome = await withCheckedContinuation {
      (continuation: CheckedContinuation<UncheckedBox<Result<Format, Failure>>, Never>) in
      let once = OnceFlag()
      source.value.deliver { result in
        if once.claim() {
          continuation.resume(returning: UncheckedBox(result.mapError(Failure.threw)))
        }
      }
      guard let timeout else { return }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
        if once.claim() {
          continuation.resume(returning: UncheckedBox(.failure(.timedOut(timeout))))
        }
      }
    }
    return outcome.value
  }
}
