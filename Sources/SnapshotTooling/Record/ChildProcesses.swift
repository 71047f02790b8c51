import Foundation
@_spi(Tooling) import Snapshots

/// The processes the tool started (test binaries), which never outlive it.
///
/// When the tool is interrupted (SIGINT, SIGTERM, SIGHUP) or the process that started it dies
/// (`kill -9` of `swift package`: the plugin stops, and the tool sees its parent change within a
/// tenth of a second), it kills every child and its process group, lets the file it is writing
/// finish (renamed into place) and starts no other, and exits. Every file is whole, old or new,
/// and no temporary file is left.
public final class ChildProcesses: Sendable {
  public static let shared = ChildProcesses()

  private let running = Locked<Set<pid_t>>([])
  /// Whether a signal or the parent's death is ending the tool.
  private let stopping = Locked(false)
  /// What must be undone before the tool exits on a signal (a review's terminal settings).
  private let cleanups = Locked<[@Sendable () -> Void]>([])

  /// Runs `cleanup` if the tool is stopped, after the file being written is whole.
  func atStop(_ cleanup: @escaping @Sendable () -> Void) {
    cleanups.withLock { $0.append(cleanup) }
  }

  func started(_ pid: pid_t) { running.withLock { _ = $0.insert(pid) } }
  func ended(_ pid: pid_t) { running.withLock { _ = $0.remove(pid) } }

  /// Watches for interruption and for the death of the parent, from now on.
  public func stopWithParent() {
    let parent = getppid()
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in stop(because: "signal \(number)", status: 128 + number) }
      source.resume()
      signalSources.append(source)
    }
    Thread.detachNewThread { [self] in
      while getppid() == parent { usleep(100_000) }
      stop(because: "the command that started it ended", status: 128 + SIGHUP)
    }
  }

  /// Ends the tool with `code`, unless it is being stopped: then the stop's status is the one
  /// that tells the truth, and it follows at once.
  public func exit(_ code: Int32) -> Never {
    if stopping.withLock({ $0 }) {
      while true { pause() }
    }
    Foundation.exit(code)
  }

  private func stop(because reason: String, status: Int32) -> Never {
    stopping.withLock { $0 = true }
    let children = running.withLock { $0 }
    for pid in children {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
    }
    AtomicFile.finishWrites(timeout: 0.5)
    for cleanup in cleanups.withLock({ $0 }) { cleanup() }
    // A review stopped while it waits for a key has no tests running to speak of.
    let ended = children.isEmpty ? "" : "the tests it ran were ended, "
    FileHandle.standardError.write(
      Data("snapshots: stopped (\(reason)); \(ended)no file is half written\n".utf8))
    _exit(status)
  }
}

/// Kept alive for the life of the process; set once, at start, on the main thread.
nonisolated(unsafe) private var signalSources: [any DispatchSourceSignal] = []
