import Foundation

/// Identifies the current task for numbering snapshots per test run.
///
/// A task's address is reused once it ends, so a test repeated in one process
/// (`--repetitions`) could continue an earlier run's numbering. The concurrency runtime gives
/// every task a unique number (`swift_task_getJobTaskId`, looked up at run time); the address
/// is used only where that is missing.
///
/// Both runtime functions are called directly (`swift_task_getCurrent` too): every assertion
/// asks, and `withUnsafeCurrentTask` is a generic call with a closure in a debug build.
enum TaskIdentity {
  private typealias GetCurrentTask = @convention(c) () -> OpaquePointer?
  private typealias GetTaskID = @convention(c) (OpaquePointer) -> UInt64

  private static let runtime: (currentTask: GetCurrentTask, taskID: GetTaskID)? = {
    guard let process = dlopen(nil, RTLD_NOW),
      let current = dlsym(process, "swift_task_getCurrent"),
      let taskID = dlsym(process, "swift_task_getJobTaskId")
    else { return nil }
    return (
      unsafeBitCast(current, to: GetCurrentTask.self), unsafeBitCast(taskID, to: GetTaskID.self)
    )
  }()

  /// Whether ``current`` names each task once in the process's life (not by a reused address).
  static var isUnique: Bool { runtime != nil }

  /// The last task asked about, and its name.
  private static let last = Locked<(id: UInt64, name: String)?>(nil)

  /// `nil` outside a task.
  static var current: String? {
    if let runtime {
      guard let task = runtime.currentTask() else { return nil }
      let id = runtime.taskID(task)
      // A test's assertions run in one task: its name is made once.
      return last.withLock { last in
        if let last, last.id == id { return last.name }
        let name = "task#" + id.description
        last = (id, name)
        return name
      }
    }
    return withUnsafeCurrentTask { task in task.map { "task@\($0.hashValue)" } }
  }
}
