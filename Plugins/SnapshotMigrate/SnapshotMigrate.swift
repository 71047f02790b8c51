import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-migrate [--dry-run]`: moves a
/// package written for swift-snapshot-testing to this toolkit (manifest and imports); the
/// `snapshots` tool does the work and owns the options.
@main
struct SnapshotMigrate: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try ToolCommand.run(
      "snapshot-migrate", context: context, arguments: arguments, packageManager: packageManager)
  }
}
