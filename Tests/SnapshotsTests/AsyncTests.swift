import Foundation
import Snapshots
import Testing

/// `Async` values are awaited the same way whatever produces them.
@Suite struct AsyncTests {
  @Test func readyValue() async throws {
    #expect(try await Async(value: 1).value() == 1)
  }

  @Test func callbackFromAnotherThread() async throws {
    let async = Async<Int> { callback in
      DispatchQueue.global().async {
        callback(2); callback(3)
      }
    }
    #expect(try await async.value() == 2)
  }

  @Test func asyncOperation() async throws {
    let async = Async<Int> {
      try await Task.sleep(nanoseconds: 1_000_000)
      return 4
    }
    #expect(try await async.map { $0 * 10 }.value() == 40)
  }

  @Test func operationErrorsAreThrown() async {
    struct Failure: Error {}
    await #expect(throws: Failure.self) { try await Async<Int> { throw Failure() }.value() }
  }
}
