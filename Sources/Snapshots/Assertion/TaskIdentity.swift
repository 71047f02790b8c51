import Foundation

/// Identifies the current task for numbering snapshots per test run.
///
/// A task's address is reused once it ends, so a test repeated in one process
/// (`--repetitions`) could continue an earlier run's numbering. The concurrency runtime gives
/// every task a unique number (`swift_task_getJobTaskId`, looked up at run time); the address
/// is used only where that is missing.
enum TaskIdentity {
  private typealias GetTaskID = @convention(c) (OpaquePointer) -> UInt64

  private static let getTaskID: GetTaskID? = {
    guard let process = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(process, "swift_task_getJobTaskId")
    else { return nil }
    return unsafeBitCast(symbol, to: GetTaskID.self)
  }()

  /// `nil` outside a task.
  static var current: String? {
    withUnsafeCurrentTask { task in
      guard let task else { return nil }
      if let getTaskID {
        return "task#\(getTaskID(unsafeBitCast(task, to: OpaquePointer.self)))"
      }
      return "task@\(task.hashValue)"
    }
  }
}
