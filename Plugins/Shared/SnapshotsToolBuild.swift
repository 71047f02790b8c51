import Foundation
import PackagePlugin

/// One of the toolkit's executables, built in the package's own debug build beside its tests.
///
/// Every plugin builds its tool there, so a tool is built once whichever plugin asks first, and
/// shares the modules the tests already built. (A plugin's declared tool dependency would be
/// built in a folder of its own, for each plugin's first use.) This file is shared by the
/// plugins through links: a plugin cannot depend on a library.
enum SnapshotsToolBuild: String {
  /// Everything but rewriting inline snapshots, migration and `info`: no Swift parser, seconds.
  case files = "snapshots-files"
  /// The whole tool, on swift-syntax: minutes the first time.
  case full = "snapshots"

  /// The tool, built (or found up to date) by `packageManager`; `say` gets a progress line for
  /// the build that takes minutes.
  func build(with packageManager: PackageManager, say: (String) -> Void) throws -> URL {
    if self == .full {
      say("Building the snapshots tool with its Swift parser (minutes the first time)…")
    }
    let result = try packageManager.build(
      .product(rawValue), parameters: .init(configuration: .debug, logging: .concise))
    guard result.succeeded,
      let tool = result.builtArtifacts.first(where: { $0.kind == .executable })
    else {
      print(result.logText)
      throw PluginError("could not build \(rawValue)")
    }
    return tool.url
  }

  /// The tool's exit status when the command needs ``full`` (it changed nothing).
  static let needsFullStatus: Int32 = 4
}

/// Prints a line at once: SwiftPM reads a plugin's output through a pipe, where `print` would
/// hold "Building the tests…" back until after they are built.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
