import Foundation

/// A task executor with a thread of its own, on which synchronous assertions run `async`
/// snapshot closures while the test's thread waits.
///
/// Running them on the shared cooperative pool could deadlock: on a two-core machine both of its
/// threads may be test threads blocked in an assertion.
final class SnapshotExecutor: TaskExecutor, @unchecked Sendable {
  static let shared = SnapshotExecutor()

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  private init() {
    let thread = Thread { [unowned self] in self.runJobs() }
    thread.name = "swift-snapshots.executor"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func runJobs() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
