import Foundation
import Synchronization

/// Where one assertion's reference lives: `__Snapshots__/<TestFile>/<test>.<n|name>.<ext>` beside
/// the test file, or inside `snapshotDirectory:` when one is given; a variant's is
/// `<test>[.<name>].<axis>=<label>_….<ext>`.
///
/// A parameterized test's arguments join the test name (`totals-currency-EUR`). Names and
/// arguments that sanitising had to change get a short hash (``PathComponent/sanitizeDistinctly(_:)``),
/// so they never share a file; a reference recorded under the plain sanitised name (by
/// swift-snapshot-testing, or before the hash) is still found and used while the new name has
/// no file.
struct SnapshotLocation {
  /// The folder of the reference, `__Snapshots__/<TestFile>` by default.
  var directory: URL { URL(fileURLWithPath: directoryPath, isDirectory: true) }
  var directoryPath: String
  /// `<test>.<n|name>[.<ext>]`.
  var fileName: String
  /// The test file's name without its extension, used to group artifacts.
  var testFileName: String
  /// `<test>.<n|name>`: the file name without the strategy's extension.
  var stem: String
  var pathExtension: String?

  /// The reference's path, made of strings: every assertion needs it, and `URL` arithmetic
  /// was a tenth of a small assertion's cost in a debug build.
  var path: String { directoryPath + "/" + fileName }
  var url: URL { URL(fileURLWithPath: path, isDirectory: false) }

  /// - Parameter counter: numbers the unnamed snapshots of one test run; called only when
  ///   `name` is `nil`, with the key that identifies this test's references.
  init(
    filePath: String,
    snapshotDirectory: String?,
    testName: String,
    arguments: [String] = [],
    name: String?,
    variant: String? = nil,
    pathExtension: String?,
    counter: (_ key: String) -> Int
  ) {
    let folder = TestFileFolder.of(filePath, snapshotDirectory: snapshotDirectory)
    testFileName = folder.testFileName
    directoryPath = folder.directoryPath
    let names = TestFileNames.of(testName, arguments: arguments)
    let base = names.base
    let named = name.map(PathComponent.sanitizeDistinctly)
    let identifier =
      variant.map { variant in named.map { $0 + "." + variant } ?? variant }
      ?? named ?? String(counter(directoryPath + "/" + base))
    let stem = base + "." + identifier
    self.stem = stem
    self.pathExtension = pathExtension
    fileName = pathExtension.map { stem + "." + $0 } ?? stem

    // Variants are this toolkit's own: no older name to look for.
    let legacyIdentifier =
      variant == nil ? name.map(PathComponent.sanitize) ?? identifier : identifier
    if names.legacyBase != base || legacyIdentifier != identifier {
      let legacyStem = PathComponent.sanitize(names.legacyBase) + "." + legacyIdentifier
      let legacyName = pathExtension.map { legacyStem + "." + $0 } ?? legacyStem
      let fileManager = FileManager.default
      if !fileManager.fileExists(atPath: path),
        fileManager.fileExists(atPath: directoryPath + "/" + legacyName)
      {
        self.stem = legacyStem
        fileName = legacyName
      }
    }
  }

  /// The name of a file that goes with this snapshot, `<test>.<n|name>.<role>.<ext>`: its
  /// `actual` value, its `reference`, or an artifact such as `chart.1.difference.png`.
  func companionName(_ role: String, pathExtension: String?) -> String {
    [stem, role, pathExtension].compactMap { $0 }.joined(separator: ".")
  }

  /// Whether the reference lies inside the package that holds the test file (or the file is in
  /// no package at all, when that cannot be told).
  func isInsidePackage(ofTestFile filePath: String) -> Bool {
    guard let root = PackageRoot.above(URL(fileURLWithPath: filePath)) else { return true }
    return url.standardizedFileURL.path.hasPrefix(root.standardizedFileURL.path + "/")
  }
}

/// The folder that holds a test file's references, worked out once per test file and
/// `snapshotDirectory:`.
private enum TestFileFolder {
  struct Folder: Sendable {
    var directoryPath: String
    var testFileName: String
  }

  /// By test file, then by `snapshotDirectory:` (`""` for none).
  private static let known = Mutex<[String: [String: Folder]]>([:])

  static func of(_ filePath: String, snapshotDirectory: String?) -> Folder {
    let key = snapshotDirectory ?? ""
    if let folder = known.withLock({ $0[filePath]?[key] }) { return folder }
    let testFile = URL(fileURLWithPath: filePath, isDirectory: false)
    let testFileName = testFile.deletingPathExtension().lastPathComponent
    let directory =
      snapshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? testFile.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__", isDirectory: true)
      .appendingPathComponent(testFileName, isDirectory: true)
    // Standardised once here (no `.` or `..`), so the reference log and the orphan scan see
    // one spelling of each path.
    var directoryPath = directory.standardizedFileURL.path
    while directoryPath.count > 1 && directoryPath.hasSuffix("/") { directoryPath.removeLast() }
    let folder = Folder(directoryPath: directoryPath, testFileName: testFileName)
    known.withLock { $0[filePath, default: [:]][key] = folder }
    return folder
  }
}

/// A test's part of its reference names, worked out once per test name and arguments.
private enum TestFileNames {
  struct Names: Sendable {
    /// `<test>[-<argument>…]`, each part sanitised, arguments distinctly.
    var base: String
    /// The same as swift-snapshot-testing names it (arguments sanitised plainly).
    var legacyBase: String
  }

  /// By test name, then by arguments (most tests have none).
  private static let known = Mutex<[String: [[String]: Names]]>([:])

  static func of(_ testName: String, arguments: [String]) -> Names {
    if let names = known.withLock({ $0[testName]?[arguments] }) { return names }
    let test = PathComponent.sanitize(testName)
    let names = Names(
      base: PathComponent.fit(
        ([test] + arguments.map(PathComponent.sanitizeDistinctly)).joined(separator: "-"),
        hashing: ([testName] + arguments).joined(separator: "\u{0}")),
      legacyBase: ([test] + arguments.map(PathComponent.sanitize)).joined(separator: "-"))
    known.withLock { $0[testName, default: [:]][arguments] = names }
    return names
  }
}
