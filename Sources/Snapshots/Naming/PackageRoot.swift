import Foundation

/// The folder of the nearest `Package.swift` above a file: where `.build` and the pending store
/// live for the tests in that file.
enum PackageRoot {
  static func above(_ file: URL) -> URL? {
    let start = file.deletingLastPathComponent()
    if let known = known.withLock({ $0[start.path] }) { return known }
    var directory = start
    var root: URL?
    while directory.path != "/" && !directory.path.isEmpty {
      if FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("Package.swift").path)
      {
        root = directory
        break
      }
      directory.deleteLastPathComponent()
    }
    known.withLock { $0[start.path] = root }
    return root
  }

  /// The roots found, by the folder looked up from: a failing assertion asks up to four
  /// times (its artifacts, the store, the workspace, the names), each a walk of `stat`s.
  private static let known = Locked<[String: URL?]>([:])
}
