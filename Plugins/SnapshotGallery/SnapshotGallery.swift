import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-gallery`: writes the catalog of
/// the package's snapshots and the gallery page beside it, under `.build/snapshots/`, through
/// the `snapshots` tool; `--info FILE` prints where a PNG reference was recorded instead.
///
/// The gallery needs no Swift parser: it runs `snapshots-files`, which builds in seconds.
@main
struct SnapshotGallery: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(
        """
        USAGE: swift package --allow-writing-to-package-directory snapshot-gallery [--info <file>]

        Writes .build/snapshots/snapshot-catalog.json and .build/snapshots/gallery.html: every
        snapshot of the package, the newest failing run's first (from `swift test`), to open
        in a browser from file://.

        OPTIONS:
          --info <file>   Write nothing: print where a PNG reference was recorded (its
                          environment fingerprint).
        """)
      return
    }
    let package = context.package.directoryURL
    let toolArguments: [String]
    let tool: SnapshotsToolBuild
    switch arguments.count {
    case 0:
      toolArguments = ["gallery", "--package-directory", package.path]
      tool = .files
    case 2 where arguments[0] == "--info":
      toolArguments = ["info", URL(fileURLWithPath: arguments[1], relativeTo: package).path]
      // `info` reads PNG chunks with libpng, which only the whole tool links.
      tool = .full
    default:
      throw PluginError("unknown arguments: \(arguments.joined(separator: " "))")
    }
    let process = try Process.run(
      tool.build(with: packageManager, say: say), arguments: toolArguments)
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw PluginError("snapshots exited with status \(process.terminationStatus)")
    }
  }
}
