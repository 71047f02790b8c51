import Foundation
import PackagePlugin

/// One of the toolkit's executables, built in the package's own debug build beside its tests.
///
/// Every plugin builds its tool there, so a tool is built once whichever plugin asks first, and
/// shares the modules the tests already built. (A plugin's declared tool dependency would be
/// built in a folder of its own, for each plugin's first use.) This file is shared by the
/// plugins through links: a plugin cannot depend on a library.
enum SnapshotsToolBuild: String {
  /// Everything but rewriting inline snapshots, migration and `info`: no Swift parser, seconds.
  case files = "snapshots-files"
  /// The whole tool, on swift-syntax: minutes the first time.
  case full = "snapshots"

  /// The tool, built (or found up to date) by `packageManager`; `say` gets progress lines
  /// while a build takes more than a moment.
  func build(with packageManager: PackageManager, say: @escaping @Sendable (String) -> Void)
    throws -> URL
  {
    let step =
      self == .full
      ? "Building the snapshots tool with its Swift parser (minutes the first time)"
      : "Building the snapshots tool"
    let result = try timed(step, done: "Built the snapshots tool", say: say) {
      try packageManager.build(
        .product(rawValue), parameters: .init(configuration: .debug, logging: .concise))
    }
    guard result.succeeded,
      let tool = result.builtArtifacts.first(where: { $0.kind == .executable })
    else {
      print(result.logText)
      throw PluginError("could not build \(rawValue)")
    }
    return tool.url
  }

  /// The tool's exit status when the command needs ``full`` (it changed nothing).
  static let needsFullStatus: Int32 = 4
}

/// Runs a build, which SwiftPM runs silently: says what it builds (at once when `announced`,
/// else once it has taken a second), then every ten seconds how long it has taken, so the first
/// run, which builds for a minute or more, never looks hung; at its end, how long it took, if
/// it was more than a moment.
func timed<Result>(
  _ step: String, done: String, announced: Bool = false,
  say: @escaping @Sendable (String) -> Void, _ body: () throws -> Result
) rethrows -> Result {
  let started = Date()
  let running = Running()
  if announced { say(step + "…") }
  Thread.detachNewThread {
    var next = announced ? 10.0 : 1.0
    while running.isRunning {
      usleep(100_000)
      let elapsed = Date().timeIntervalSince(started)
      guard elapsed >= next, running.isRunning else { continue }
      say(next == 1 ? step + "…" : String(format: "  still building (%.0f s)", elapsed))
      next = next == 1 ? 10 : next + 10
    }
  }
  defer { running.stop() }
  let result = try body()
  let elapsed = Date().timeIntervalSince(started)
  if announced || elapsed >= 1 { say(String(format: "%@ in %.1f s.", done, elapsed)) }
  return result
}

/// Whether a ``timed(_:done:say:_:)`` step still runs, read by its reporting thread.
private final class Running: @unchecked Sendable {
  private let lock = NSLock()
  private var running = true
  var isRunning: Bool { lock.withLock { running } }
  func stop() { lock.withLock { running = false } }
}

/// Prints a line at once: SwiftPM reads a plugin's output through a pipe, where `print` would
/// hold "Building the tests…" back until after they are built.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
