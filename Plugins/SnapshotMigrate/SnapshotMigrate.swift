import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-migrate [--dry-run]`: moves a
/// package written for swift-snapshot-testing to this toolkit (manifest and imports); the
/// `snapshots` tool does the work.
@main
struct SnapshotMigrate: CommandPlugin {
  static let usage = """
    USAGE: swift package --allow-writing-to-package-directory snapshot-migrate [--dry-run]

    Rewrites Package.swift (swift-snapshot-testing's products become this toolkit's, and its
    dependency goes) and the imports of the package's sources; all or nothing, atomically.
    Add this toolkit as a dependency first.

    OPTIONS:
      --dry-run    Print the changes as diffs; write nothing.
      -h, --help   Show this help.
    """

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    if extractor.extractFlag(named: "help") > 0 || arguments.contains("-h") {
      print(Self.usage)
      return
    }
    let dryRun = extractor.extractFlag(named: "dry-run") > 0
    guard extractor.remainingArguments.isEmpty else {
      throw PluginError(
        "unknown arguments: \(extractor.remainingArguments.joined(separator: " "))\n\n\(Self.usage)"
      )
    }
    guard
      let toolkit = context.package.dependencies.first(where: {
        $0.package.displayName == "swift-snapshots"
      })
    else { throw PluginError("swift-snapshots is not a dependency of this package") }
    var toolArguments = [
      "migrate", "--package-directory", context.package.directoryURL.path,
      "--toolkit-identity", toolkit.package.id,
    ]
    if dryRun { toolArguments.append("--dry-run") }
    let process = try Process.run(
      SnapshotsToolBuild.full.build(with: packageManager, say: say), arguments: toolArguments)
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw PluginError("snapshots exited with status \(process.terminationStatus)")
    }
  }
}
