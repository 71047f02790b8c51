import Foundation

/// The folder of the nearest `Package.swift` above a file: where `.build` and the pending store
/// live for the tests in that file.
enum PackageRoot {
  static func above(_ file: URL) -> URL? {
    var directory = file.deletingLastPathComponent()
    while directory.path != "/" && !directory.path.isEmpty {
      if FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("Package.swift").path)
      {
        return directory
      }
      directory.deleteLastPathComponent()
    }
    return nil
  }
}
