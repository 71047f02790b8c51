import Foundation

/// Runs blocking work (waiting for a child process to end) on a thread of its own.
///
/// An `async` test that blocks holds one of the few threads every test's tasks share (two on
/// a two-core machine): two such tests at once stall every other `async` test of the process,
/// a browser's replies and `Task.sleep` included.
public func onOwnThread<Result: Sendable>(
  _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Swift.Result { try body() }) }
  }
}
