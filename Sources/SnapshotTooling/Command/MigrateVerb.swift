import Foundation

/// `snapshots migrate`: moves a package written for swift-snapshot-testing to this toolkit
/// (``PackageMigration``).
public struct MigrateVerb: Equatable, Sendable {
  public var packageDirectory: URL
  public var dryRun: Bool
  /// This toolkit's package identity in the manifest.
  public var toolkitIdentity: String

  static let grammar = CommandLineGrammar.Verb(
    name: "migrate",
    abstract: "Move a package written for swift-snapshot-testing to this toolkit.",
    options: [
      CommonOptions.packageDirectory, CommonOptions.dryRun,
      .init(
        name: "toolkit-identity", value: "toolkit-identity",
        help: "This toolkit's package identity in the manifest."),
    ])

  init(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) {
    packageDirectory = CommonOptions.packageDirectory(parsed, currentDirectory: currentDirectory)
    dryRun = parsed.flag("dry-run")
    toolkitIdentity = parsed.value("toolkit-identity") ?? "swift-snapshots"
  }

  func run(print: @escaping (String) -> Void) -> SnapshotsCommand.ExitCode {
    PackageMigration(
      packageDirectory: packageDirectory, identity: toolkitIdentity, dryRun: dryRun, print: print
    ).run()
  }
}
