import Foundation

/// `snapshots migrate`: moves a package written for swift-snapshot-testing to this toolkit
/// (``PackageMigration``).
public struct MigrateVerb: Equatable, Sendable {
  public var packageDirectory: URL
  public var dryRun: Bool
  /// This toolkit's package identity in the manifest.
  public var toolkitIdentity: String

  init(_ options: ToolOptions, currentDirectory: URL) {
    packageDirectory = options.packageDirectory(currentDirectory: currentDirectory)
    dryRun = options.dryRun
    toolkitIdentity = options.toolkitIdentity ?? "swift-snapshots"
  }

  func run(print: @escaping (String) -> Void) -> SnapshotsCommand.ExitCode {
    PackageMigration(
      packageDirectory: packageDirectory, identity: toolkitIdentity, dryRun: dryRun, print: print
    ).run()
  }
}
