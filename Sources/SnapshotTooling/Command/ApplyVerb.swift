import Foundation

/// `snapshots apply`: applies the runs the package's store holds, or those CI shards left in
/// folders (`--from`), running nothing.
public struct ApplyVerb: Equatable, Sendable {
  public var packageDirectory: URL
  /// Folders of runs CI shards left, applied together instead of the package's store.
  public var shards: [URL]
  /// Applies only the records whose test name, test file or reference path matches.
  public var filter: String?
  public var dryRun: Bool
  public var quiet: Bool
  /// Also applies the runs whose test processes did not all finish.
  public var includeInterrupted: Bool
  public var gallery: Bool

  static let grammar = CommandLineGrammar.Verb(
    name: "apply",
    abstract:
      "Apply every unapplied run's records (oldest first, newest winning), running nothing.",
    options: [
      CommonOptions.packageDirectory, CommonOptions.dryRun, CommonOptions.quiet,
      .init(
        name: "from", value: "from",
        help:
          "A folder of runs that CI shards left (SNAPSHOTS_PENDING_DIR), instead of this package's store; repeat for each shard.",
        repeats: true),
      .init(
        name: "filter", value: "filter",
        help:
          "Apply only the records whose test name, test file or reference path (relative to the package) this regular expression matches; the others stay for a later apply."
      ),
      .init(
        name: "include-interrupted",
        help:
          "Also apply the runs whose tests did not finish (interrupted or crashed), which are otherwise left."
      ),
      CommonOptions.gallery,
    ])

  init(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) {
    let package = CommonOptions.packageDirectory(parsed, currentDirectory: currentDirectory)
    packageDirectory = package
    shards = (parsed.values["from"] ?? []).map { URL(fileURLWithPath: $0, relativeTo: package) }
    filter = parsed.value("filter")
    dryRun = parsed.flag("dry-run")
    quiet = parsed.flag("quiet")
    includeInterrupted = parsed.flag("include-interrupted")
    gallery = parsed.flag("gallery")
  }

  func run(print: @escaping (String) -> Void, tooling: (any SourceTooling)?)
    -> SnapshotsCommand.ExitCode
  {
    RunApplication(
      source: shards.isEmpty ? .store : .shards(shards), packageDirectory: packageDirectory,
      filterExpression: filter, dryRun: dryRun, quiet: quiet, gallery: gallery,
      includeInterrupted: includeInterrupted, print: print, tooling: tooling
    ).run()
  }
}
