import Foundation
@_spi(Tooling) import Snapshots

/// Every reference of a package, and what the pending runs say of them: `snapshot-catalog.json`, derived from the files
/// on disk and the runs' records, never edited by hand.
///
/// The schema (``version`` 1): `version`, `run` (the newest pending run it read, or `null`), and
/// `snapshots`, sorted by path, each with `path` (relative to the package), `testFile`, `test`,
/// `name` or `number`, `variant` (its axes and values, in order, or `null`), `environment` (the
/// label of a reference kept per environment, `linux-x86_64`, or `null`), `format` (the file
/// extension), `bytes`, `image` (`width` and `height`, for PNGs), `hash` (64-bit FNV-1a of the
/// bytes, hex), `status` (`unchanged`, `failed`: the run recorded a different value, `new`: the
/// run recorded a value for a reference not on disk), `actual` and `difference` (the failing
/// run's files, when there are). An inline snapshot the run left is an entry too, with `format`
/// `inline`, `path` `<test file>:<line>`, and `inline`: its `line`, `column`, `old` text (absent
/// for a new one) and `new` text (absent when the closure is to be removed).
struct SnapshotCatalog: Codable, Equatable, Sendable {
  static let currentVersion = 1
  /// `.build/snapshots/snapshot-catalog.json` in a package.
  static func defaultFile(packageRoot: URL) -> URL {
    packageRoot.appendingPathComponent(".build/snapshots/snapshot-catalog.json")
  }

  var version: Int
  var run: String?
  var snapshots: [Entry]

  /// How many snapshots the run failed or added.
  var toReview: Int { snapshots.filter { $0.status != .unchanged }.count }

  enum Status: String, Codable, Sendable {
    case unchanged, failed, new
  }

  /// A variant's axis and label, as its reference's name holds them.
  typealias Axis = ReferenceName.Axis

  /// An inline snapshot's pending change.
  struct InlineChange: Codable, Equatable, Sendable {
    var line: Int
    var column: Int
    var old: String?
    var new: String?
  }

  struct ImageSize: Codable, Equatable, Sendable {
    var width: Int
    var height: Int
  }

  struct Entry: Codable, Equatable, Sendable {
    var path: String
    var testFile: String?
    var test: String
    var name: String?
    var number: Int?
    var variant: [Axis]?
    var environment: String?
    var format: String
    var bytes: Int
    var image: ImageSize?
    var hash: String?
    var status: Status
    var actual: String?
    var difference: String?
    var inline: InlineChange?
  }

  /// The catalog of the package now: its references, and the runs of its pending store.
  ///
  /// Actual values and differences are looked for where the tests write them when run with
  /// `environment` (`SNAPSHOT_ARTIFACTS`), the tool's own, which its test runs inherit.
  static func build(
    packageDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> SnapshotCatalog {
    let applier = RunApplier(packageDirectory: packageDirectory, dryRun: true)
    let relative = { @Sendable in applier.relative($0) }
    var entries: [String: Entry] = [:]
    let folders = OrphanScan.snapshotFolders(in: packageDirectory).map(\.standardizedFileURL.path)
    let references = folders.flatMap { folder in
      OrphanScan.referencePaths(in: folder).map { (folder, $0) }
    }
    var testFiles = TestFiles()
    folders.forEach { testFiles.list(besideFolder: $0) }
    // Each reference read and described on every core: a large package has 100,000.
    let listed = testFiles
    let read = references.concurrentMap { folder, path in
      Result { () throws(AtomicFile.ReadError) in
        try AtomicFile.read(path: path).map {
          entry(
            path: path, folder: folder, data: $0, status: .unchanged, testFiles: listed,
            relative: relative)
        }
      }
    }
    for ((_, path), entry) in zip(references, read) {
      if let entry = try entry.get() { entries[path] = entry }
    }
    let artifacts = ArtifactsFolder.root(ofPackage: packageDirectory, environment: environment)
    var differences = DifferenceFiles(root: artifacts)
    // Every run of the store, the newest record of each reference or call winning, as
    // `snapshot-record --apply-only` takes them (a run whose tests did not finish is shown too:
    // it is what those tests saw).
    let store = PendingStore.defaultDirectory(packageRoot: packageDirectory)
    let runs = try PendingStore.runs(in: store).map(PendingRun.load)
    let newest = runs.last?.directory
    if !runs.isEmpty {
      let run = PendingRun.merging(runs)
      for item in run.entries {
        if case .inline(let call) = item.record {
          entries["inline:\(call.sourceFile):\(call.line):\(call.column)"] = inlineEntry(
            call, relative: relative)
        }
        guard case .file(let record) = item.record else { continue }
        let path = URL(fileURLWithPath: record.referencePath, isDirectory: false)
          .standardizedFileURL.path
        let actual = relative(
          actualCopy(of: path, under: artifacts, packageDirectory: packageDirectory)
            ?? record.dataURL(in: run.directory).path)
        if var known = entries[path] {
          known.status = .failed
          known.actual = actual
          known.difference = differences.file(for: path, packageDirectory: packageDirectory)
            .map(relative)
          entries[path] = known
        } else if let folder = snapshotFolder(above: path) {
          testFiles.list(besideFolder: folder.path)
          var added = entry(
            path: path, folder: folder.path, data: nil, status: .new, testFiles: testFiles,
            relative: relative)
          added.actual = actual
          entries[path] = added
        }
      }
    }
    // Positions sorted by path, so that the sort moves and compares no entry.
    let values = Array(entries.values)
    let paths = values.map(\.path)
    let order = paths.indices.sorted { paths[$0] < paths[$1] }
    return SnapshotCatalog(
      version: currentVersion, run: newest?.lastPathComponent, snapshots: order.map { values[$0] })
  }

  /// Writes the catalog whole (a temporary file, then a rename).
  func write(to file: URL) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try AtomicFile.write(JSONEncoder.machineOutput.encode(self), to: file)
  }

  // MARK: - One reference

  /// - Parameters:
  ///   - path: the reference's standardized path, under `folder`'s, its `__Snapshots__` folder.
  private static func entry(
    path: String, folder: String, data: Data?, status: Status, testFiles: TestFiles,
    relative: (String) -> String
  ) -> Entry {
    let testFile = OrphanScan.testFile(of: path, in: folder).flatMap {
      testFiles.paths.contains($0) ? relative($0) : nil
    }
    let name = ReferenceName(fileName: OrphanScan.split(path).name)
    return Entry(
      path: relative(path), testFile: testFile,
      test: name.test, name: name.name, number: name.number, variant: name.variant,
      environment: name.environment, format: name.pathExtension ?? "", bytes: data?.count ?? 0,
      image: data.flatMap { name.pathExtension == "png" ? pngSize($0) : nil },
      hash: data.map(ContentHash.of), status: status, actual: nil, difference: nil, inline: nil)
  }

  /// An inline snapshot's pending change: failed when the call had a reference, else new.
  private static func inlineEntry(_ call: PendingInlineRecord, relative: (String) -> String)
    -> Entry
  {
    let file = relative(call.sourceFile)
    return Entry(
      path: "\(file):\(call.line)", testFile: file, test: call.testName, name: nil, number: nil,
      variant: nil, environment: nil, format: "inline", bytes: call.newText?.utf8.count ?? 0,
      image: nil, hash: nil,
      status: call.oldText == nil ? .new : .failed, actual: nil, difference: nil,
      inline: InlineChange(
        line: call.line, column: call.column, old: call.oldText, new: call.newText))
  }

  /// Width and height from a PNG's header (`IHDR` follows the 8-byte signature).
  static func pngSize(_ data: Data) -> ImageSize? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0] == 0x89, bytes[12...15].elementsEqual("IHDR".utf8) else {
      return nil
    }
    func number(_ at: Int) -> Int {
      bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return ImageSize(width: number(16), height: number(20))
  }

  /// The `__Snapshots__` folder a reference path lies in.
  private static func snapshotFolder(above path: String) -> URL? {
    var url = URL(fileURLWithPath: path, isDirectory: false).deletingLastPathComponent()
    while url.pathComponents.count > 1 {
      if url.lastPathComponent == ReferenceName.folder { return url }
      url.deleteLastPathComponent()
    }
    return nil
  }

  /// The failing run's folder of actual values and differences for a reference: its folder's
  /// place under the artifacts folder `root` (``ArtifactsFolder``).
  private static func artifacts(for reference: URL, under root: URL, packageDirectory: URL)
    -> URL
  {
    root.appendingPathComponent(
      ArtifactsFolder.relativeFolder(
        of: reference.deletingLastPathComponent().standardizedFileURL.path,
        packageRoot: packageDirectory.standardizedFileURL.path), isDirectory: true)
  }

  /// The actual value's copy there, named as the reference is (so a browser knows its type),
  /// when the run left one.
  private static func actualCopy(of path: String, under root: URL, packageDirectory: URL)
    -> String?
  {
    let reference = URL(fileURLWithPath: path, isDirectory: false)
    let copy = artifacts(for: reference, under: root, packageDirectory: packageDirectory)
      .appendingPathComponent(reference.lastPathComponent, isDirectory: false)
      .standardizedFileURL.path
    return FileManager.default.fileExists(atPath: copy) ? copy : nil
  }

  /// The Swift files beside the `__Snapshots__` folders, each folder's parent listed once
  /// rather than a file looked for per reference.
  private struct TestFiles: Sendable {
    private(set) var paths: Set<String> = []
    private var listed: Set<String> = []

    /// Lists the Swift files beside `folder`, unless its parent is listed already.
    mutating func list(besideFolder folder: String) {
      let parent = OrphanScan.split(folder).folder
      guard listed.insert(parent).inserted else { return }
      for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
      where name.hasSuffix(".swift")
        && FileManager.default.fileExists(atPath: parent + "/" + name)
      {
        paths.insert(parent + "/" + name)
      }
    }
  }

  /// The difference files the failing run left beside its actual values, each artifacts
  /// folder listed and indexed once however many of its references failed.
  private struct DifferenceFiles {
    /// The artifacts folder.
    var root: URL
    /// Per artifacts folder, each stem a difference file there starts with (its name up to
    /// one of its dots), and the first such file by name.
    private var stems: [String: [String: String]] = [:]

    init(root: URL) { self.root = root }

    /// The difference file of the reference at `path`: `<stem>.difference.png` and the like.
    mutating func file(for path: String, packageDirectory: URL) -> String? {
      let reference = URL(fileURLWithPath: path, isDirectory: false)
      let stem = reference.deletingPathExtension().lastPathComponent
      let folder = artifacts(for: reference, under: root, packageDirectory: packageDirectory)
      let index = stems[folder.path] ?? Self.index(folder.path)
      stems[folder.path] = index
      return index[stem].map {
        folder.appendingPathComponent($0, isDirectory: false).standardizedFileURL.path
      }
    }

    private static func index(_ folder: String) -> [String: String] {
      var index: [String: String] = [:]
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      for name in names where name.contains(".difference") {
        for dot in name.indices where name[dot] == "." && index[String(name[..<dot])] == nil {
          index[String(name[..<dot])] = name
        }
      }
      return index
    }
  }
}
