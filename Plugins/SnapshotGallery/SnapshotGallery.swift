import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-gallery [--info <file>]`: writes
/// the catalog of the package's snapshots and the gallery page beside it, under
/// `.build/snapshots/`, through the `snapshots` tool, which owns the options.
@main
struct SnapshotGallery: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try ToolCommand.run(
      "snapshot-gallery", context: context, arguments: arguments, packageManager: packageManager)
  }
}
