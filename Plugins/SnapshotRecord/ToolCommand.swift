import Foundation
import PackagePlugin

/// What the command plugin does: hands the user's arguments, untouched, to the `snapshots`
/// tool, which owns their grammar, help and exit codes (`snapshots plugin snapshot-record`)
/// and answers with a plan: what to print, or its own command line to run, after building the
/// tests when it runs them.
///
/// The tool is built in the package's own debug build beside its tests, so it shares the
/// modules the tests already built. (A plugin's declared tool dependency would be built in a
/// folder of its own.)
enum ToolCommand {
  /// The tool's plan for one command (`SnapshotTooling`'s `PluginCommand.Plan`).
  struct Plan: Decodable {
    var say: String?
    var fails: Bool
    /// The user asked for no progress.
    var quiet: Bool
    var buildTests: Bool
    /// The tool's command line, to which the plugin adds the tests it built.
    var run: [String]
  }

  static func run(context: PluginContext, arguments: [String], packageManager: PackageManager)
    throws
  {
    let command = "snapshot-record"
    var known = ["--package-directory", context.package.directoryURL.path]
    if let toolkit = context.package.dependencies.first(where: {
      $0.package.displayName == "swift-snapshots"
    }) {
      known += ["--toolkit-identity", toolkit.package.id]
    }
    // Whether to be quiet is the plan's to say, and the plan comes from the tool: while the
    // tool itself is built (a minute on a first run), there is no plan yet, so the user's own
    // `--quiet` decides: the one word the plugin reads itself.
    let quiet = arguments.contains("--quiet")
    let tool =
      try builtTool(context)
      ?? buildTool(with: packageManager) { line in if !quiet { say(line) } }
    let plan = try JSONDecoder().decode(
      Plan.self, from: output(of: tool, ["plugin", command] + known + ["--"] + arguments))
    if let text = plan.say {
      if plan.fails { throw PluginError(text) }
      print(text)
      return
    }
    let progress: @Sendable (String) -> Void = { line in if !plan.quiet { say(line) } }
    var toolArguments = plan.run
    if plan.buildTests {
      let binary = try timed(
        "Building the tests", done: "Built the tests", announced: true, say: progress
      ) { try buildTests(context, packageManager: packageManager) }
      toolArguments += ["--test-binary", binary.path]
    }
    let status = try run(tool, toolArguments)
    // The tool's last line says what went wrong. An error thrown here would be printed by
    // SwiftPM before the tool's output it has not relayed yet, in the middle of its lines:
    // the plugin ends with the tool's status instead, and SwiftPM with a failure.
    if status != 0 { exit(status) }
  }

  /// The `snapshots` tool as last built in the package's debug build, when nothing it is
  /// built from has changed since; `nil` sends the call through SwiftPM's build.
  ///
  /// SwiftPM's build of an up-to-date tool plans the whole package graph first, which takes
  /// 9–12 s in a Hummingbird package: a call that builds no tests (`--pending`, `--show`,
  /// `--accept`) would wait that long for nothing. Its sources are this package's
  /// `Snapshots`, `SnapshotTooling` and `SnapshotsTool` and its manifest: one of them newer
  /// than the binary (an edit, another version checked out) means a build, so a stale tool
  /// never runs.
  private static func builtTool(_ context: PluginContext) -> URL? {
    let manager = FileManager.default
    var directory = context.pluginWorkDirectoryURL
    var binary: URL?
    while binary == nil, directory.pathComponents.count > 1 {
      let candidate = directory.appendingPathComponent("debug/snapshots")
      if manager.isExecutableFile(atPath: candidate.path) { binary = candidate }
      directory.deleteLastPathComponent()
    }
    func modified(_ url: URL) -> Date? {
      (try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
    guard let binary, let built = modified(binary) else { return nil }
    // This file is `Plugins/SnapshotRecord/ToolCommand.swift` in the toolkit's checkout.
    let toolkit = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var sources = [toolkit.appendingPathComponent("Package.swift")]
    for folder in ["Snapshots", "SnapshotTooling", "SnapshotsTool"] {
      let root = toolkit.appendingPathComponent("Sources").appendingPathComponent(folder)
      guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: nil) else {
        return nil
      }
      sources.append(root)
      sources += walker.compactMap { $0 as? URL }
    }
    let fresh = sources.allSatisfy { source in modified(source).map { $0 <= built } ?? false }
    return fresh ? binary : nil
  }

  /// The `snapshots` tool, built (or found up to date) by `packageManager`; `say` gets
  /// progress lines while a build takes more than a moment.
  private static func buildTool(
    with packageManager: PackageManager, say: @escaping @Sendable (String) -> Void
  ) throws -> URL {
    let result = try timed(
      "Building the snapshots tool", done: "Built the snapshots tool", say: say
    ) {
      try packageManager.build(
        .product("snapshots"), parameters: .init(configuration: .debug, logging: .concise))
    }
    guard result.succeeded,
      let tool = result.builtArtifacts.first(where: { $0.kind == .executable })
    else {
      print(result.logText)
      throw PluginError("could not build the snapshots tool")
    }
    return tool.url
  }

  /// Builds the package's tests and returns their binary.
  private static func buildTests(_ context: PluginContext, packageManager: PackageManager)
    throws -> URL
  {
    let product = "\(context.package.displayName)PackageTests"
    let result = try packageManager.build(
      .product(product), parameters: .init(configuration: .debug, logging: .concise))
    guard result.succeeded else {
      print(result.logText)
      throw PluginError("the build failed")
    }
    let name = product + ".xctest"
    var directory = context.pluginWorkDirectoryURL
    while directory.pathComponents.count > 1 {
      let candidate = directory.appendingPathComponent("debug").appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw PluginError(
      "the test binary \(name) was not found above \(context.pluginWorkDirectoryURL.path)")
  }

  /// What the tool prints, read whole (its plan).
  private static func output(of tool: URL, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }

  /// Runs the tool to its end; its exit status.
  private static func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
    let parent = getppid()
    let process = try Process.run(tool, arguments: arguments)
    // When `swift package` dies (`kill -9`, a closed terminal), the tool is told to stop: it
    // ends the tests it runs and leaves every file whole.
    let child = process.processIdentifier
    Thread.detachNewThread {
      while getppid() == parent { usleep(100_000) }
      kill(child, SIGTERM)
      exit(EXIT_FAILURE)
    }
    process.waitUntilExit()
    return process.terminationStatus
  }
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

/// Whether a ``timed(_:done:announced:say:_:)`` step still runs, read by its reporting thread.
private final class Running: @unchecked Sendable {
  private let lock = NSLock()
  private var running = true
  var isRunning: Bool { lock.withLock { running } }
  func stop() { lock.withLock { running = false } }
}

/// Prints a line at once: SwiftPM reads a plugin's output through a pipe, where `print` would
/// hold "Building the tests…" back until after they are built.
@Sendable func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
