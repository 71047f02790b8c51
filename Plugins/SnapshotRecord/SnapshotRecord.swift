import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-record [options]`: builds the
/// tests, then hands over to the `snapshots` tool, which runs them and applies what they left
/// (`--help` lists the options; the tool owns them).
@main
struct SnapshotRecord: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try ToolCommand.run(
      "snapshot-record", context: context, arguments: arguments, packageManager: packageManager)
  }
}
