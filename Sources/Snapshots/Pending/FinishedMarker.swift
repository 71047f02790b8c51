import Foundation

/// Leaves `finished-<pid>` in a run when the process that wrote into it exits normally (a crash
/// leaves none), so that whoever reads the run knows its records and reference logs are whole.
enum FinishedMarker {
  /// The marker's path, set once before the exit handler can run.
  nonisolated(unsafe) private static var path: [CChar] = []
  private static let armed = OnceFlag()

  /// Called by every first write of a process into a run; the first one arms the exit handler.
  static func arm(in directory: URL) {
    guard armed.claim() else { return }
    path = directory.appendingPathComponent(
      PendingStore.finishedPrefix + "\(getpid())", isDirectory: false
    ).path
      .utf8CString.map { $0 }
    atexit {
      let descriptor = open(FinishedMarker.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      if descriptor >= 0 { close(descriptor) }
    }
  }
}
