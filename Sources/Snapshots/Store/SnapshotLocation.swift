import Foundation

/// Where one assertion's reference lives: `__Snapshots__/<TestFile>/<test>.<n|name>.<ext>` beside
/// the test file, or inside `snapshotDirectory:` when one is given.
///
/// A parameterized test's arguments join the test name (`totals-currency-EUR`). Names and
/// arguments that sanitising had to change get a short hash (``PathComponent/sanitizeDistinctly(_:)``),
/// so they never share a file; a reference recorded under the plain sanitised name (by
/// swift-snapshot-testing, or before the hash) is still found and used while the new name has
/// no file.
struct SnapshotLocation {
  /// The folder of the reference, `__Snapshots__/<TestFile>` by default.
  var directory: URL
  /// `<test>.<n|name>[.<ext>]`.
  var fileName: String
  /// The test file's name without its extension, used to group artifacts.
  var testFileName: String
  /// `<test>.<n|name>`: the file name without the strategy's extension.
  var stem: String
  var pathExtension: String?

  var url: URL { directory.appendingPathComponent(fileName, isDirectory: false) }

  /// - Parameter counter: numbers the unnamed snapshots of one test run; called only when
  ///   `name` is `nil`, with the key that identifies this test's references.
  init(
    filePath: String,
    snapshotDirectory: String?,
    testName: String,
    arguments: [String] = [],
    name: String?,
    pathExtension: String?,
    counter: (_ key: String) -> Int
  ) {
    let testFile = URL(fileURLWithPath: filePath, isDirectory: false)
    testFileName = testFile.deletingPathExtension().lastPathComponent
    directory =
      snapshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? testFile.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__", isDirectory: true)
      .appendingPathComponent(testFileName, isDirectory: true)
    let test = PathComponent.sanitize(testName)
    let base = PathComponent.fit(
      ([test] + arguments.map(PathComponent.sanitizeDistinctly)).joined(separator: "-"),
      hashing: ([testName] + arguments).joined(separator: "\u{0}"))
    let identifier =
      name.map(PathComponent.sanitizeDistinctly)
      ?? String(counter(directory.appendingPathComponent(base).path))
    stem = base + "." + identifier
    self.pathExtension = pathExtension
    fileName = [stem, pathExtension].compactMap { $0 }.joined(separator: ".")

    let legacyBase = ([test] + arguments.map(PathComponent.sanitize)).joined(separator: "-")
    let legacyIdentifier = name.map(PathComponent.sanitize) ?? identifier
    if legacyBase != base || legacyIdentifier != identifier {
      let legacyStem = PathComponent.sanitize(legacyBase) + "." + legacyIdentifier
      let legacyName = [legacyStem, pathExtension].compactMap { $0 }.joined(separator: ".")
      let fileManager = FileManager.default
      if !fileManager.fileExists(atPath: url.path),
        fileManager.fileExists(atPath: directory.appendingPathComponent(legacyName).path)
      {
        stem = legacyStem
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
