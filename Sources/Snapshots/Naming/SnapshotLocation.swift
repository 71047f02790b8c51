import Foundation

/// Where one assertion's reference lives: `__Snapshots__/<TestFile>/<test>.<n|name>.<ext>` beside
/// the test file, or inside `snapshotDirectory:` when one is given; a variant's is
/// `<test>[.<name>].<axis>=<label>_….<ext>`; with a ``SnapshotEnvironment``, its label comes
/// before the extension (`chart.1.linux-x86_64.png`); with suite-qualified naming, the suite
/// comes first (`Outer.Inner.render.1.txt`).
///
/// A parameterized test's arguments join the test name (`totals-currency-EUR`). Names, arguments
/// and test names that sanitising had to change get a short hash
/// (``PathComponent/sanitizeDistinctly(_:)``, ``PathComponent/testNames(_:)``), so they never
/// share a file; a reference recorded under the plain sanitised name (by swift-snapshot-testing)
/// is still read while the new name has no file, and never written.
struct SnapshotLocation {
  /// The folder of the reference, `__Snapshots__/<TestFile>` by default.
  let directoryPath: String
  /// The folder open for reading (``TestFileFolder/Folder/descriptor``), `-1` when it is not.
  private let directoryDescriptor: Int32
  /// `<test>.<n|name>[.<ext>]`.
  private(set) var fileName: String
  /// `<test>.<n|name>`: the file name without the strategy's extension.
  var stem: String
  var pathExtension: String?

  /// The reference's path, made of strings and joined once.
  ///
  /// Every assertion reads it several times, and `URL` arithmetic is slower than strings
  /// (Benchmarks/README.md).
  private(set) var path: String
  var url: URL { URL(fileURLWithPath: path, isDirectory: false) }
  /// Where the reference is read from: ``path``, or the name swift-snapshot-testing gave it.
  ///
  /// The old name (a sanitised name without the hash) is read while ``path`` has no file.
  /// Recording always writes ``path``, so two tests whose old names meet never write one file.
  private(set) var readPath: String
  private var readFileName: String
  /// How many bytes of ``fileName`` come before the snapshot's number, name or variant
  /// (`<test>.`) and after it (`[.<environment>][.<ext>]`): the other references of its test
  /// share them (``ReferenceUse``).
  private(set) var identifierBounds: (before: Int, after: Int)

  /// - Parameter counter: numbers the unnamed snapshots of one test run; called only when
  ///   `name` is `nil`, with the key that identifies this test's references.
  init(
    filePath: String,
    snapshotDirectory: String?,
    suite: String? = nil,
    testName: String,
    arguments: [String] = [],
    name: String?,
    variant: String? = nil,
    environment: String? = nil,
    pathExtension: String?,
    counter: (_ test: SnapshotCounter.Test) -> Int
  ) {
    let folder = TestFileFolder.of(filePath, snapshotDirectory: snapshotDirectory)
    directoryPath = folder.directoryPath
    directoryDescriptor = folder.descriptor
    var names = TestFileNames.of(testName, arguments: arguments)
    if let suite {
      // A name of this toolkit's own: nothing older to read.
      let qualified =
        suite.split(separator: ".").map { PathComponent.sanitize(String($0)) }
        .joined(separator: ".") + "." + names.base
      names = .init(base: qualified, legacyBase: qualified)
    }
    let base = names.base
    // `if let` rather than `Optional.map`: every assertion runs this, and in a debug build
    // each `map` is a generic call.
    var named: String?
    if let name { named = PathComponent.sanitizeDistinctly(name) }
    let identifier: String
    if let variant {
      if let named { identifier = named + "." + variant } else { identifier = variant }
    } else if let named {
      identifier = named
    } else {
      identifier =
        counter(SnapshotCounter.Test(directoryPath: directoryPath, base: base))
        .description
    }
    stem = ReferenceName.stem(test: base, identifier: identifier, environment: environment)
    self.pathExtension = pathExtension
    fileName = ReferenceName.fileName(stem: stem, pathExtension: pathExtension)
    path = directoryPath + "/" + fileName
    let before = base.utf8.count + 1
    identifierBounds = (before, fileName.utf8.count - before - identifier.utf8.count)

    readFileName = fileName
    readPath = path
    // Variants and environments are this toolkit's own: no older name to look for.
    var legacyIdentifier = identifier
    if variant == nil, let name { legacyIdentifier = PathComponent.sanitize(name) }
    if environment == nil, names.legacyBase != base || legacyIdentifier != identifier {
      let legacyName = ReferenceName.fileName(
        stem: ReferenceName.stem(
          test: names.legacyBase, identifier: legacyIdentifier, environment: nil),
        pathExtension: pathExtension)
      let fileManager = FileManager.default
      if !fileManager.fileExists(atPath: path),
        fileManager.fileExists(atPath: directoryPath + "/" + legacyName)
      {
        readFileName = legacyName
        readPath = directoryPath + "/" + legacyName
      }
    }
  }

  /// The reference's bytes, `nil` when there is none.
  ///
  /// Opened by its name in the open folder when there is one; where that finds no file, by its
  /// path, which also finds a folder made again since it was opened.
  func readReference() throws(AtomicFile.ReadError) -> Data? {
    if directoryDescriptor >= 0,
      let data = try AtomicFile.read(name: readFileName, in: directoryDescriptor, path: readPath)
    {
      return data
    }
    return try AtomicFile.read(path: readPath)
  }

  /// The name of a file that goes with this snapshot, `<test>.<n|name>.<role>.<ext>`: its
  /// `actual` value, its `reference`, or an artifact such as `chart.1.difference.png`.
  func companionName(_ role: String, pathExtension: String?) -> String {
    ReferenceName.companion(stem: stem, role: role, pathExtension: pathExtension)
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
    /// The folder opened once for the process (never closed, so the number is never another
    /// file's), `-1` when it did not exist then or ``maxDescriptors`` are open.
    var descriptor: Int32
  }

  /// Leaves a large suite most of the process's descriptors.
  private static let maxDescriptors = 64

  private struct Known {
    /// The last one asked for, compared before hashing: a test file's assertions mostly follow
    /// one another.
    var last: (filePath: String, snapshotDirectory: String?, folder: Folder)?
    /// By test file, then by `snapshotDirectory:` (`""` for none).
    var all: [String: [String: Folder]] = [:]
    var descriptors = 0
  }

  private static let known = Locked(Known())

  static func of(_ filePath: String, snapshotDirectory: String?) -> Folder {
    let key = snapshotDirectory ?? ""
    let found = known.withLock { known -> Folder? in
      if let last = known.last, last.filePath == filePath,
        last.snapshotDirectory == snapshotDirectory
      {
        return last.folder
      }
      guard let folder = known.all[filePath]?[key] else { return nil }
      known.last = (filePath, snapshotDirectory, folder)
      return folder
    }
    if let found { return found }
    let directoryPath = ReferenceFolder.of(
      testFile: filePath, snapshotDirectory: snapshotDirectory)
    // Opened outside the lock every assertion takes; closed again when not kept.
    let opened = directoryPath.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    var unkept = opened
    let folder = known.withLock { known in
      if let folder = known.all[filePath]?[key] { return folder }
      var folder = Folder(directoryPath: directoryPath, descriptor: -1)
      if opened >= 0, known.descriptors < maxDescriptors {
        (folder.descriptor, unkept) = (opened, -1)
        known.descriptors += 1
      }
      known.all[filePath, default: [:]][key] = folder
      known.last = (filePath, snapshotDirectory, folder)
      return folder
    }
    if unkept >= 0 { close(unkept) }
    return folder
  }
}

/// A test's part of its reference names.
///
/// Not cached: a test usually makes one or two assertions, so a cache by test name mostly
/// misses, and a plain name (`item()`) is sanitised by one pass over its bytes.
private enum TestFileNames {
  struct Names {
    /// `<test>[-<argument>…]`, each part sanitised, arguments distinctly.
    var base: String
    /// The same as swift-snapshot-testing names it (arguments sanitised plainly).
    var legacyBase: String
  }

  static func of(_ testName: String, arguments: [String]) -> Names {
    let (test, legacyTest) = PathComponent.testNames(testName)
    // Sanitised, the name is already fitted; with no arguments the base is the name.
    guard !arguments.isEmpty else { return Names(base: test, legacyBase: legacyTest) }
    return Names(
      base: PathComponent.fit(
        ([test] + arguments.map(PathComponent.sanitizeDistinctly))
          .joined(separator: ReferenceName.argumentSeparator),
        hashing: ([testName] + arguments).joined(separator: "\u{0}")),
      legacyBase: PathComponent.sanitize(
        ([legacyTest] + arguments.map(PathComponent.sanitize))
          .joined(separator: ReferenceName.argumentSeparator)))
  }
}
