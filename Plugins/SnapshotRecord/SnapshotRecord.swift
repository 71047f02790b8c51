import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-record [--filter REGEX]
/// [--dry-run] [--apply-only | --from DIR…] [--review] [--prune] [--gallery] [--quiet]`: builds
/// the tests, then hands over to the `snapshots` tool, which runs them and applies what they
/// left; `--pending`, `--show ID`, `--accept ID…` and `--reject ID…` work on what is pending.
///
/// Every option is spelt as the tool spells it; `--apply-only` is the tool's `apply` verb,
/// `--pending` and `--show` its verbs of those names.
@main
struct SnapshotRecord: CommandPlugin {
  static let usage = """
    USAGE: swift package --allow-writing-to-package-directory snapshot-record [options]

    Builds and runs the package's tests, then records the snapshot files and rewrites the inline
    snapshots they left. Exits non-zero when anything was refused or a failure was not recorded.

    OPTIONS:
      --filter <regex>   Run only the tests whose names match; with --apply-only or
                         --from, apply only the records whose test name, test
                         file or reference path matches, leaving the others.
      --dry-run          Print the changes as diffs; write nothing.
      --apply-only       Run nothing: apply what earlier `swift test` runs left.
      --from <dir> ...   Run nothing: apply the runs CI shards left in these folders
                         (each a SNAPSHOTS_PENDING_DIR), conflicts refused.
                         (--apply <dir> ... is the older spelling.)
      --include-interrupted
                         With --apply-only, also apply the runs whose tests did
                         not finish (interrupted or crashed).
      --prune            Delete references whose tests are gone (after a complete run).
      --review           Decide each change in the terminal instead of applying them
                         all (a accept, r reject, s skip, A/R the rest, q quit,
                         ? help); with --apply-only or --from, run nothing first.
      --pending [--json] Run nothing: list the pending changes and their ids.
      --show <id> [--diff | --new | --old]
                         Run nothing: show one pending change.
      --accept <id> ...  Run nothing: apply only these pending changes.
      --reject <id> ...  Run nothing: drop these pending changes; their references
                         and sources stay as they are.
      --gallery          Then write .build/snapshots/gallery.html (as snapshot-gallery
                         does).
      --quiet            Print no progress and no test output: only changes and problems.
      -h, --help         Show this help.
    """

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    if extractor.extractFlag(named: "help") > 0 || arguments.contains("-h") {
      print(Self.usage)
      return
    }
    let applyOnly = extractor.extractFlag(named: "apply-only") > 0
    let review = extractor.extractFlag(named: "review") > 0
    let listPending = extractor.extractFlag(named: "pending") > 0
    let json = extractor.extractFlag(named: "json") > 0
    let shown = extractor.extractOption(named: "show")
    let views = ["diff", "new", "old"].filter { extractor.extractFlag(named: $0) > 0 }
    var accepted = extractor.extractOption(named: "accept")
    var rejected = extractor.extractOption(named: "reject")
    if review && !hasTerminal {
      throw PluginError(
        "--review needs a terminal to read keys from, and this command has none (CI, or run without one); list what is pending with --pending --json and decide with --accept ID… / --reject ID…"
      )
    }
    var toolArguments = ["--package-directory", context.package.directoryURL.path]
    if extractor.extractFlag(named: "dry-run") > 0 { toolArguments.append("--dry-run") }
    if extractor.extractFlag(named: "prune") > 0 { toolArguments.append("--prune") }
    if extractor.extractFlag(named: "include-interrupted") > 0 {
      toolArguments.append("--include-interrupted")
    }
    let gallery = extractor.extractFlag(named: "gallery") > 0
    let quiet = extractor.extractFlag(named: "quiet") > 0
    if quiet { toolArguments.append("--quiet") }
    for filter in extractor.extractOption(named: "filter") {
      toolArguments += ["--filter", filter]
    }
    // `--from DIR [DIR …]` (or the older `--apply DIR …`), `--accept ID [ID …]`, `--reject ID
    // [ID …]`: the words after the one such option given belong to it.
    var shards = extractor.extractOption(named: "from") + extractor.extractOption(named: "apply")
    let words = extractor.remainingArguments.filter { !$0.hasPrefix("-") }
    let lists = [!shards.isEmpty, !accepted.isEmpty, !rejected.isEmpty].filter { $0 }.count
    if lists == 1 && !words.isEmpty {
      if !shards.isEmpty { shards += words }
      if !accepted.isEmpty { accepted += words }
      if !rejected.isEmpty { rejected += words }
      extractor = ArgumentExtractor(extractor.remainingArguments.filter { $0.hasPrefix("-") })
    }
    guard extractor.remainingArguments.isEmpty else {
      throw PluginError(
        "unknown arguments: \(extractor.remainingArguments.joined(separator: " "))\n\n\(Self.usage)"
      )
    }
    if review { toolArguments.append("--review") }
    if listPending || !shown.isEmpty {
      // Reading only: the tool without a Swift parser, and no other option.
      toolArguments =
        listPending
        ? ["pending"] + (json ? ["--json"] : []) : ["show"] + shown + views.map { "--" + $0 }
      toolArguments += ["--package-directory", context.package.directoryURL.path]
      toolArguments += shards.flatMap { ["--from", $0] }
    } else if !shards.isEmpty || applyOnly || !accepted.isEmpty || !rejected.isEmpty {
      toolArguments.insert("apply", at: 0)
      toolArguments += shards.flatMap { ["--from", $0] }
      toolArguments +=
        accepted.flatMap { ["--accept", $0] } + rejected.flatMap { ["--reject", $0] }
    } else {
      let binary = try timed(
        "Building the tests", done: "Built the tests", announced: true,
        say: { if !quiet { say($0) } }
      ) { try buildTests(context) }
      toolArguments = ["record", "--test-binary", binary.path] + toolArguments
    }
    let readsOnly = listPending || !shown.isEmpty
    if gallery && !readsOnly { toolArguments.append("--gallery") }
    // The tool without a Swift parser unless the package can have inline snapshots; if a run
    // has some all the same (through a library this cannot see), it changes nothing and says
    // so, and the command runs again with the whole tool.
    var tool: SnapshotsToolBuild = !readsOnly && canHaveInlineSnapshots(context) ? .full : .files
    let progress: @Sendable (String) -> Void = { line in if !quiet { say(line) } }
    var status = try run(tool.build(with: packageManager, say: progress), toolArguments)
    if status == SnapshotsToolBuild.needsFullStatus && tool == .files {
      tool = .full
      status = try run(tool.build(with: packageManager, say: progress), toolArguments)
    }
    // The tool has said what went wrong, in its last line; SwiftPM may print this one before
    // the tool's output.
    switch status {
    case 0: return
    case 1: throw PluginError("snapshot-record did not record everything (its last line says why)")
    case 2: throw PluginError("snapshot-record was used wrongly (its last line says how)")
    case 3: throw PluginError("the tests could not run or crashed (its last line says which)")
    default: throw PluginError("snapshot-record stopped (status \(status))")
    }
  }

  /// Whether the user's terminal can be opened: a review reads its keys there, since the
  /// plugin's standard input is SwiftPM's.
  private var hasTerminal: Bool {
    let descriptor = open("/dev/tty", O_RDWR)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    return true
  }

  /// Runs the tool to its end; its exit status.
  private func run(_ snapshots: URL, _ arguments: [String]) throws -> Int32 {
    let parent = getppid()
    let process = try Process.run(snapshots, arguments: arguments)
    // When `swift package` dies (`kill -9`, a closed terminal), the tool is told to stop: it
    // ends the tests it runs and leaves every file whole.
    let tool = process.processIdentifier
    Thread.detachNewThread {
      while getppid() == parent { usleep(100_000) }
      kill(tool, SIGTERM)
      exit(1)
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Whether the package's tests can leave inline snapshots: a target of the package depends on
  /// `InlineSnapshots` (directly or through other libraries), or a source of the package names
  /// an inline snapshot function (the deprecated `_assertInlineSnapshot` lives in the core).
  private func canHaveInlineSnapshots(_ context: PluginContext) -> Bool {
    context.package.targets.contains { target in
      guard let module = target as? SourceModuleTarget else { return false }
      if module.recursiveTargetDependencies.contains(where: { $0.name == "InlineSnapshots" }) {
        return true
      }
      return module.sourceFiles(withSuffix: "swift").contains { file in
        (try? String(contentsOf: file.url, encoding: .utf8))?.contains("InlineSnapshot") == true
      }
    }
  }

  /// Builds the package's tests and returns their binary.
  private func buildTests(_ context: PluginContext) throws -> URL {
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
}
