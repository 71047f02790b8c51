import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory snapshot-gallery`: writes the catalog of
/// the package's snapshots and the gallery page beside it, under `.build/snapshots/`, through
/// the `snapshots` tool.
@main
struct SnapshotGallery: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(
        """
        USAGE: swift package --allow-writing-to-package-directory snapshot-gallery

        Writes .build/snapshots/snapshot-catalog.json and .build/snapshots/gallery.html: every
        snapshot of the package, the newest failing run's first (from `swift test`), to open
        in a browser from file://.
        """)
      return
    }
    guard arguments.isEmpty else {
      throw GalleryError(description: "unknown arguments: \(arguments.joined(separator: " "))")
    }
    let tool = try context.tool(named: "SnapshotsTool")
    let process = try Process.run(
      tool.url, arguments: ["gallery", "--package-directory", context.package.directoryURL.path])
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw GalleryError(description: "snapshots exited with status \(process.terminationStatus)")
    }
  }
}

struct GalleryError: Error, CustomStringConvertible {
  var description: String
}
