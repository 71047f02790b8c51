import Foundation

/// Runs a strategy's snapshot closure for a synchronous assertion, waiting at most `timeout`.
enum Capture {
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

  static func run<Format>(_ async: Async<Format>, timeout: TimeInterval) -> Result<Format, Failure>
  {
    if case .ready(let result) = async.source { return result.mapError(Failure.threw) }
    let semaphore = DispatchSemaphore(value: 0)
    let slot = ResultSlot<Format>()
    async.deliver { result in
      if slot.fill(result) { semaphore.signal() }
    }
    let delivered =
      Thread.isMainThread
      ? runMainLoop(until: { slot.value != nil }, timeout: timeout)
      : semaphore.wait(timeout: .now() + timeout) == .success
    guard delivered, let result = slot.value else { return .failure(.timedOut(timeout)) }
    return result.mapError(Failure.threw)
  }

  /// Runs the main run loop while waiting on the main thread (where XCTest runs tests), as
  /// XCTest's own waiters do: work the value needs that is queued on the main queue (a view
  /// update, a `DispatchQueue.main.asyncAfter`) gets done instead of waiting behind the test.
  private static func runMainLoop(until done: () -> Bool, timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
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
  static func value<Format>(of async: Async<Format>, timeout: TimeInterval) async -> Result<
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
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
        if once.claim() {
          continuation.resume(returning: UncheckedBox(.failure(.timedOut(timeout))))
        }
      }
    }
    return outcome.value
  }
}

/// A result delivered once from any thread.
private final class ResultSlot<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Result<Value, any Error>?

  func fill(_ result: Result<Value, any Error>) -> Bool {
    lock.withLock {
      guard stored == nil else { return false }
      stored = result
      return true
    }
  }

  var value: Result<Value, any Error>? { lock.withLock { stored } }
}

/// Runs a strategy on a value for an assertion outside the file pipeline (inline snapshots):
/// the snapshot, or the message that says why there is none.
@_spi(Tooling) public func captureSnapshot<Value, Format>(
  of value: () throws -> Value, as strategy: Snapshotting<Value, Format>, timeout: TimeInterval
) -> Result<Format, CaptureMessage> {
  let evaluated: Value
  do {
    evaluated = try value()
  } catch {
    return .failure(.couldNotEvaluate(error))
  }
  if let synchronous = strategy.synchronousSnapshot { return .success(synchronous(evaluated)) }
  return Capture.run(strategy.snapshot(evaluated), timeout: timeout)
    .mapError { CaptureMessage($0.description) }
}

/// Runs a strategy on a value that is computed asynchronously, awaiting the strategy without
/// blocking a thread.
@_spi(Tooling) public func captureSnapshot<Value, Format>(
  of value: () async throws -> Value, as strategy: Snapshotting<Value, Format>,
  timeout: TimeInterval
) async -> Result<Format, CaptureMessage> {
  let evaluated: Value
  do {
    evaluated = try await value()
  } catch {
    return .failure(.couldNotEvaluate(error))
  }
  return await Capture.value(of: strategy.snapshot(evaluated), timeout: timeout)
    .mapError { CaptureMessage($0.description) }
}

/// A failure to produce the actual snapshot.
@_spi(Tooling) public struct CaptureMessage: Error {
  public var text: String
  init(_ text: String) { self.text = text }

  /// The value to snapshot threw.
  public static func couldNotEvaluate(_ error: any Error) -> CaptureMessage {
    CaptureMessage("Could not evaluate the value to snapshot: \(error)")
  }
}
