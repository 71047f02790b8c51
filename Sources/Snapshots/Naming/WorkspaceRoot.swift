import Foundation

/// Where a test source is on this machine when `#filePath` names another's: a Docker build, a
/// remote runner, Xcode Cloud — the binary was compiled where the package was, and runs from a
/// copy of it.
///
/// `SNAPSHOTS_WORKSPACE_ROOT` names the copy. A compiled path is then taken as the longest
/// tail of it that is a file below the root (`/build/app/Tests/AppTests/T.swift` is
/// `$ROOT/Tests/AppTests/T.swift`), so references, artifacts and what is left for
/// `snapshot-record` are the copy's. A root that does not exist, is not a folder or holds no
/// tail of a test's path is an error of that test's assertions (``problem(with:)``), never a
/// fall back to the compiled path, which would read and write the build machine's folders.
/// Set but empty is an error too: it is most often a CI variable that expanded to nothing.
package enum WorkspaceRoot {
  static let variable = "SNAPSHOTS_WORKSPACE_ROOT"

  /// The root, read once.
  static let root = root(in: SnapshotSettings.processEnvironment)

  /// The root `environment` names, `""` when set but empty; `nil` when unset.
  static func root(in environment: [String: String]) -> String? {
    environment[variable].map {
      $0.isEmpty ? "" : URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL.path
    }
  }

  private static let found = Locked<[String: String]>([:])

  /// `filePath` on this machine; as compiled when the root is unset or holds no tail of it
  /// (``problem(with:)`` says so).
  public static func path(of filePath: String) -> String {
    guard let root, !root.isEmpty else { return filePath }
    return path(of: filePath, under: root)
  }

  static func path(of filePath: String, under root: String) -> String {
    if let known = found.withLock({ $0[root + "\u{0}" + filePath] }) { return known }
    let parts = filePath.split(separator: "/")
    let tail = parts.indices.lazy.map { parts[$0...].joined(separator: "/") }
      .first { FileManager.default.fileExists(atPath: folder(root) + $0) }
    let path = tail.map { folder(root) + $0 } ?? filePath
    found.withLock { $0[root + "\u{0}" + filePath] = path }
    return path
  }

  /// `filePath` on this machine, or the error that says why the root cannot stand for it.
  public static func located(_ filePath: String) throws(Problem) -> String {
    let path = path(of: filePath)
    if let problem = problem(with: path) { throw problem }
    return path
  }

  /// Why the root set cannot be used for a test file `path` (``path(of:)``'s answer): it is
  /// empty, does not exist, is not a folder, or does not hold the file; `nil` when it can, or
  /// is unset.
  static func problem(with path: String) -> Problem? {
    root.flatMap { problem(with: path, under: $0) }
  }

  static func problem(with path: String, under root: String) -> Problem? {
    guard !root.isEmpty else { return Problem(root: root, reason: .empty) }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
      return Problem(root: root, reason: .missing)
    }
    guard isFolder.boolValue else { return Problem(root: root, reason: .notAFolder) }
    guard path.hasPrefix(folder(root)), FileManager.default.fileExists(atPath: path) else {
      return Problem(root: root, reason: .lacks(testFile: path))
    }
    return nil
  }

  /// `root` with one `/` at its end.
  private static func folder(_ root: String) -> String {
    root.hasSuffix("/") ? root : root + "/"
  }

  /// A root that cannot be used, and why; its description names the variable and the fix.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
      case empty, missing, notAFolder
      /// No tail of the compiled path `testFile` is a file below the root.
      case lacks(testFile: String)
    }

    public var root: String
    public var reason: Reason

    public var description: String {
      let what: String
      switch reason {
      case .empty: what = "is set but empty"
      case .missing: what = "is \(root), which does not exist"
      case .notAFolder: what = "is \(root), which is not a folder"
      case .lacks(let testFile):
        what =
          "is \(root), which does not hold this test's file: no tail of \(testFile) is a file "
          + "below it"
      }
      return "\(WorkspaceRoot.variable) \(what). Nothing was read or written: set it to the "
        + "package's folder where the tests run, or unset it."
    }
  }
}
