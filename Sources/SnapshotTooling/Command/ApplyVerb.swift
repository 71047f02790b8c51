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

  init(_ options: ToolOptions, currentDirectory: URL) {
    packageDirectory = options.packageDirectory(currentDirectory: currentDirectory)
    shards = options.shards(in: packageDirectory)
    filter = options.filter
    dryRun = options.dryRun
    quiet = options.quiet
    includeInterrupted = options.includeInterrupted
    discardInterrupted = options.discardInterrupted
    gallery = options.gallery
    review = options.review
    accepted = options.accept
    rejected = options.reject
  }

  func run(print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    RunApplication(
      source: shards.isEmpty ? .store : .shards(shards), packageDirectory: packageDirectory,
      filterExpression: filter, dryRun: dryRun, quiet: quiet, gallery: gallery,
      includeInterrupted: includeInterrupted, discardInterrupted: discardInterrupted,
      review: review, accepted: accepted,
      rejected: rejected, print: print
    ).run()
  }
}
