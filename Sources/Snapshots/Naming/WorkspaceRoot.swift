import Foundation

/// Where a test source is on this machine when `#filePath` names another's: a Docker build, a
/// remote runner, Xcode Cloud — the binary was compiled where the package was, and runs from a
/// copy of it.
///
/// `SNAPSHOTS_WORKSPACE_ROOT` names the copy. A compiled path is then taken as the longest
/// tail of it that is a file below the root (`/build/app/Tests/AppTests/T.swift` is
/// `$ROOT/Tests/AppTests/T.swift`), so references, artifacts and what is left for
/// `snapshot-record` are the copy's. A path with no such tail stays as compiled.
@_spi(Tooling) public enum WorkspaceRoot {
  static let variable = "SNAPSHOTS_WORKSPACE_ROOT"

  /// The root, read once; `nil` when unset.
  static let root: String? = SnapshotSettings.processEnvironment[variable].flatMap {
    $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL.path
  }

  private static let found = Locked<[String: String]>([:])

  /// `filePath` on this machine.
  public static func path(of filePath: String) -> String {
    guard let root else { return filePath }
    return path(of: filePath, under: root)
  }

  static func path(of filePath: String, under root: String) -> String {
    if let known = found.withLock({ $0[root + "\u{0}" + filePath] }) { return known }
    let parts = filePath.split(separator: "/")
    let tail = parts.indices.lazy.map { parts[$0...].joined(separator: "/") }
      .first { FileManager.default.fileExists(atPath: root + "/" + $0) }
    let path = tail.map { root + "/" + $0 } ?? filePath
    found.withLock { $0[root + "\u{0}" + filePath] = path }
    return path
  }
}
