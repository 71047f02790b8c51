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
  /// Deletes those runs instead, applying none of them.
  public var discardInterrupted: Bool
  public var gallery: Bool
  public var review: Bool
  /// The ids of pending changes to apply, and of those to drop, alone.
  public var accepted: [String]
  public var rejected: [String]

  static let grammar = CommandLineGrammar.Verb(
    name: "apply",
    abstract:
      "Apply every unapplied run's records (oldest first, newest winning), running nothing.",
    options: [
      CommonOptions.packageDirectory, CommonOptions.dryRun, CommonOptions.quiet,
      CommonOptions.from,
      .init(
        name: "filter", value: "filter",
        help:
          "Apply only the records whose test name, test file or reference path (relative to the package) this regular expression matches; the others stay for a later apply."
      ),
      CommonOptions.includeInterrupted, CommonOptions.discardInterrupted, CommonOptions.gallery,
      CommonOptions.review,
      .init(
        name: "accept", value: "id",
        help:
          "Apply only the pending change with this id (snapshots pending lists them); repeat for more.",
        repeats: true),
      .init(
        name: "reject", value: "id",
        help:
          "Drop the pending change with this id, leaving its reference or source as it is; repeat for more.",
        repeats: true),
    ])

  init(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) {
    let package = CommonOptions.packageDirectory(parsed, currentDirectory: currentDirectory)
    packageDirectory = package
    shards = CommonOptions.shards(parsed, in: package)
    filter = parsed.value("filter")
    dryRun = parsed.flag("dry-run")
    quiet = parsed.flag("quiet")
    includeInterrupted = parsed.flag("include-interrupted")
    discardInterrupted = parsed.flag(CommonOptions.discardInterrupted.name)
    gallery = parsed.flag("gallery")
    review = parsed.flag("review")
    accepted = parsed.values["accept"] ?? []
    rejected = parsed.values["reject"] ?? []
  }

  func run(print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    guard !(includeInterrupted && discardInterrupted) else {
      print("error: --include-interrupted does not go with --discard-interrupted")
      return .usage
    }
    return RunApplication(
      source: shards.isEmpty ? .store : .shards(shards), packageDirectory: packageDirectory,
      filterExpression: filter, dryRun: dryRun, quiet: quiet, gallery: gallery,
      includeInterrupted: includeInterrupted, discardInterrupted: discardInterrupted,
      review: review, accepted: accepted,
      rejected: rejected, print: print
    ).run()
  }
}
