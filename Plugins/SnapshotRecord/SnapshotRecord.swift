import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-record [options]`: builds the
/// tests, then hands over to the `snapshots` tool, which runs them and applies what they left;
/// with `--gallery-only`, `--info` or `--migrate` it runs nothing and writes the gallery, reads
/// a PNG's fingerprint or moves the package from swift-snapshot-testing (`--help` lists the
/// options; the tool owns them).
@main
struct SnapshotRecord: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try ToolCommand.run(context: context, arguments: arguments, packageManager: packageManager)
  }
}
