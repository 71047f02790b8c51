import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-gallery`: writes the catalog of
/// the package's snapshots and the gallery page beside it, under `.build/snapshots/`, through
/// the `snapshots` tool; `--info FILE` prints where a PNG reference was recorded instead.
///
/// Everything the tool does is reachable through the plugins, which share one build of it:
/// `swift run snapshots` would build it again, in another folder.
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
    switch arguments.count {
    case 0:
      toolArguments = ["gallery", "--package-directory", package.path]
    case 2 where arguments[0] == "--info":
      toolArguments = ["info", URL(fileURLWithPath: arguments[1], relativeTo: package).path]
    default:
      throw GalleryError(description: "unknown arguments: \(arguments.joined(separator: " "))")
    }
    let tool = try context.tool(named: "SnapshotsTool")
    let process = try Process.run(tool.url, arguments: toolArguments)
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw GalleryError(description: "snapshots exited with status \(process.terminationStatus)")
    }
  }
}

struct GalleryError: Error, CustomStringConvertible {
  var description: String
}
