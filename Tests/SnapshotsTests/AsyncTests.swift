import Foundation
import Snapshots
import TestSupport
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

/// The `async` assertion awaits its strategy: a hung one costs its own test the timeout and
/// blocks no thread other tests need.
@Suite struct AsyncAssertionTests {
  /// Never delivers a snapshot.
  static var hung: Snapshotting<Int, String> {
    Snapshotting<String, String>.lines.asyncPullback { (_: Int) in
      Async<String> { _ in }
    }
  }

  /// Measured in a child process of its own: in the full suite, other tests' synchronous
  /// assertions hold the cooperative threads, and the time would be theirs.
  @Test func hungStrategiesTimeOutTogetherWithoutHoldingThreads() async throws {
    let probe = try await Probe.run("hungStrategiesProbe")
    #expect(probe.status == 0, "\(probe.output)")
    #expect(probe.output.contains("hungStrategiesProbe() passed"), "\(probe.output)")
  }

  @Test(.enabled(if: Probe.isRunning("hungStrategiesProbe")))
  func hungStrategiesProbe() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // Four times as many as the cooperative pool has threads: were each to block one, they
    // would time out in at least four rounds; awaiting, they all time out at once.
    let count = 4 * ProcessInfo.processInfo.activeProcessorCount
    let clock = ContinuousClock()
    let started = clock.now
    let messages = await withTaskGroup(of: String?.self) { group in
      for index in 0..<count {
        group.addTask {
          await verifySnapshot(
            as: Self.hung, named: "hung-\(index)", record: .never,
            snapshotDirectory: folder.path, timeout: 1
          ) { index }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(messages.count == count)
    #expect(messages.allSatisfy { $0?.contains("took longer than 1 s") == true }, "\(messages)")
    // Rounds would take 4 s or more; together they take one timeout, and on a machine whose
    // cores are busy with other work, some time more.
    #expect(clock.now - started < .seconds(3), "\(clock.now - started): they waited in rounds")
  }

  @Test func anAsyncValueIsComparedLikeAnyOther() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let recorded = await verifySnapshot(
      as: .lines, named: "value", record: .missing, snapshotDirectory: folder.path
    ) {
      try await Task.sleep(for: .milliseconds(1))
      return "computed"
    }
    #expect(recorded?.hasPrefix("Recorded snapshot") == true)
    await assertSnapshot(as: .lines, named: "value", snapshotDirectory: folder.path) { "computed" }
  }

  /// A strategy that times itself is bounded by its own time, not by the assertion's
  /// `timeout:`: in both the synchronous and the `async` assertion, one that ends after the
  /// assertion's limit is compared, and the same strategy that does not time itself times out.
  @Test func aStrategyThatTimesItselfIsNotBoundedByTheAssertionsTimeout() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    var slow = Snapshotting<String, String>.lines.asyncPullback { (value: String) in
      Async {
        try await Task.sleep(for: .milliseconds(300))
        return value
      }
    }
    slow.timesItself = true
    let synchronous = verifySnapshot(
      of: "slow", as: slow, named: "sync", record: .all, snapshotDirectory: folder.path,
      timeout: 0.05)
    #expect(synchronous?.hasPrefix("Recorded snapshot") == true, "\(synchronous ?? "nil")")
    let awaited = await verifySnapshot(
      as: slow, named: "async", record: .all, snapshotDirectory: folder.path, timeout: 0.05
    ) { "slow" }
    #expect(awaited?.hasPrefix("Recorded snapshot") == true, "\(awaited ?? "nil")")
    slow.timesItself = false
    let bounded = await verifySnapshot(
      as: slow, named: "bounded", record: .all, snapshotDirectory: folder.path, timeout: 0.05
    ) { "slow" }
    #expect(bounded?.contains("took longer than 0.05 s") == true, "\(bounded ?? "nil")")
  }
}
