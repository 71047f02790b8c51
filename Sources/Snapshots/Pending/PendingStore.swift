import Foundation

/// The folder where test processes leave pending records, one subfolder per test run.
///
/// A run is what the `snapshot-record` plugin starts (it sets `SNAPSHOTS_RUN`), or else one
/// `swift test`: every test process it starts (XCTest, Swift Testing, `--parallel` workers) shares
/// its parent, and the run is named after that parent. Each record is its own file with a unique
/// name, so processes never overwrite each other. The folder is `SNAPSHOTS_PENDING_DIRECTORY`, or
/// `.build/snapshots/pending` in the package that holds the test file. The first record of a new
/// run deletes the older runs that newer ones replace (``prune(store:keeping:)``).
@_spi(Tooling) public enum PendingStore {
  public static let directoryVariable = "SNAPSHOTS_PENDING_DIRECTORY"
  /// The shorter name CI workflows use for ``directoryVariable``: where a shard leaves its
  /// runs for `snapshot-record --from`.
  public static let exportVariable = "SNAPSHOTS_PENDING_DIR"
  public static let runVariable = "SNAPSHOTS_RUN"
  /// When set to `1`, every assertion also logs the reference file it used (for orphans).
  public static let logVariable = "SNAPSHOTS_LOG_REFERENCES"

  /// Whether this run is exported for `snapshot-record --from` on another machine.
  ///
  /// It is when ``exportVariable`` names a folder, or on CI (`CI` set, as GitHub Actions,
  /// GitLab CI, Buildkite and CircleCI do), where the run goes to the default store
  /// `.build/snapshots/pending` for the workflow to upload. An exported run also logs the
  /// references it uses.
  public static func isExported(_ environment: [String: String]) -> Bool {
    !(environment[exportVariable] ?? "").isEmpty || SnapshotSettings.isCI(environment)
  }

  public static let recordExtension = "record"
  public static let usedPrefix = "used-"
  /// `finished-<pid>`: left by a test process that wrote into a run when it exits normally.
  public static let finishedPrefix = "finished-"
  /// `conflict-<unique name>`: a reference two assertions resolved to; it holds the path.
  public static let conflictPrefix = "conflict-"

  /// `.build/snapshots/pending` in a package.
  public static func defaultDirectory(packageRoot: URL) -> URL {
    packageRoot.appendingPathComponent(".build/snapshots/pending", isDirectory: true)
  }

  /// The folder of the current run, for a test in `testFilePath`.
  public static func runDirectory(
    testFilePath: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let root =
      (environment[directoryVariable] ?? environment[exportVariable])
      .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? PackageRoot.above(URL(fileURLWithPath: testFilePath)).map(defaultDirectory)
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-pending")
    let run = environment[runVariable].flatMap { $0.isEmpty ? nil : $0 } ?? parentRun
    return root.appendingPathComponent(PathComponent.sanitize(run), isDirectory: true)
  }

  /// Notes that two assertions resolved to `reference`, so that no record of it is applied.
  ///
  /// A note that cannot be written is lost: the assertion still fails, and `snapshot-record`
  /// counts the failure as not recorded.
  public static func noteConflict(reference: String, testFilePath: String) {
    let run = runDirectory(testFilePath: testFilePath)
    pruneOnce(keeping: run)
    FinishedMarker.arm(in: run)
    try? AtomicFile.write(
      Data(reference.utf8),
      to: run.appendingPathComponent(conflictPrefix + uniqueName(), isDirectory: false),
      durability: .whole)
  }

  /// Writes a record (and, for a file snapshot, its bytes first, with their size and digest in
  /// the record) under a name no other process uses.
  public static func write(_ record: PendingRecord, data: Data? = nil, testFilePath: String) throws
  {
    let run = runDirectory(testFilePath: testFilePath)
    pruneOnce(keeping: run)
    FinishedMarker.arm(in: run)
    try write(record, data: data, in: run)
  }

  public static func write(_ record: PendingRecord, data: Data?, in directory: URL) throws {
    let base = uniqueName()
    let stored: PendingRecord
    switch (record, data) {
    case (.file(let file), let data?):
      stored = .file(try write(data, of: file, named: base, in: directory))
    default:
      stored = record
    }
    try replace(
      directory.appendingPathComponent(base + "." + recordExtension, isDirectory: false),
      with: stored)
  }

  /// Gives the file record at `url` new bytes, keeping the record file (whose name is the
  /// change's id): the bytes under a new name first, then the record that names them, then the
  /// old bytes go, so a kill between any two steps leaves a record whose bytes match it.
  public static func replaceData(of url: URL, record file: PendingFileRecord, with data: Data)
    throws
  {
    let directory = url.deletingLastPathComponent()
    let stored = try write(data, of: file, named: uniqueName(), in: directory)
    try replace(url, with: .file(stored))
    try? FileManager.default.removeItem(at: file.dataURL(in: directory))
  }

  /// Writes a file record's bytes as `base.data` in `directory`; the record, naming them with
  /// their size and digest.
  public static func write(
    _ data: Data, of file: PendingFileRecord, named base: String, in directory: URL
  ) throws -> PendingFileRecord {
    var withData = file
    withData.dataFile = base + ".data"
    withData.dataSize = data.count
    withData.dataSHA256 = SHA256.hex(data)
    try AtomicFile.write(
      data, to: directory.appendingPathComponent(withData.dataFile, isDirectory: false),
      durability: .whole)
    return withData
  }

  /// Writes a record file whole: a new one, or one a filtered apply moved onto the source text
  /// it wrote.
  public static func replace(_ url: URL, with record: PendingRecord) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(encoder.encode(record), to: url, durability: .whole)
  }

  /// How many runs a store keeps whatever they hold: every failing `swift test` leaves one, and
  /// an older run goes once a newer one has replaced each of its changes.
  public static let keptRuns = 5

  /// Runs this process already pruned around.
  private static let pruned = Locked<Set<String>>([])

  /// When a process first writes into a run, deletes what ``prune(store:keeping:)`` deletes.
  private static func pruneOnce(keeping run: URL) {
    let isFirst = pruned.withLock { $0.insert(run.path).inserted }
    guard isFirst else { return }
    prune(store: run.deletingLastPathComponent(), keeping: run)
  }

  /// Deletes the runs of `store` older than the newest ``keptRuns`` whose every record a newer
  /// run replaces.
  ///
  /// Runs are ordered by last change, `run` among them; a newer run replaces a record with one
  /// of the same target, which `snapshot-record` applies instead. A run holding a change nothing
  /// newer replaces stays until the user decides it, and so does one whose records cannot be
  /// read. Never `run`, and nothing that is not a run: a folder holding anything but what runs
  /// hold is left.
  public static func prune(store: URL, keeping run: URL) {
    let others = runs(in: store).filter {
      $0.standardizedFileURL.path != run.standardizedFileURL.path && isRun($0)
    }
    // Newest first, each met with the targets of every run newer than it.
    var newer = targets(in: run) ?? []
    for (age, old) in others.reversed().enumerated() {
      let own = targets(in: old)
      if age >= keptRuns - 1, let own, own.isSubset(of: newer) { remove(old) }
      newer.formUnion(own ?? [])
    }
  }

  /// The targets (``PendingRecord/target``) of a run's records; `nil` when one cannot be read.
  static func targets(in run: URL) -> Set<String>? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: run.path)) ?? []
    var targets: Set<String> = []
    let decoder = JSONDecoder()
    for name in names where name.hasSuffix("." + recordExtension) {
      let url = run.appendingPathComponent(name, isDirectory: false)
      let data: Data?
      do { data = try AtomicFile.read(url) } catch { return nil }
      // Gone since it was listed: applied, or its run removed.
      guard let data else { continue }
      guard let record = try? decoder.decode(PendingRecord.self, from: data) else { return nil }
      targets.insert(record.target)
    }
    return targets
  }

  /// Removes a run whole, as far as any reader can tell.
  ///
  /// It is renamed to a hidden name first (one rename; ``runs(in:)`` skips hidden names), then
  /// deleted. A process killed while deleting, which takes one file at a time, so never leaves a
  /// run with some of its files gone (a record whose data is missing); the next removal deletes
  /// what such a kill left.
  public static func remove(_ run: URL) {
    let store = run.deletingLastPathComponent()
    let hidden = store.appendingPathComponent(".removed-\(uniqueName())")
    guard (try? FileManager.default.moveItem(at: run, to: hidden)) != nil else { return }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
    for name in names where name.hasPrefix(".removed-") {
      try? FileManager.default.removeItem(at: store.appendingPathComponent(name))
    }
  }

  /// Whether a folder holds only what a run writes: records, their data, reference logs,
  /// conflicts, the apply journal and temporary files.
  public static func isRun(_ folder: URL) -> Bool {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return false
    }
    return names.allSatisfy { name in
      name.hasSuffix("." + recordExtension) || name.hasSuffix(".data") || name.hasSuffix(".tmp")
        || name.hasPrefix(usedPrefix) || name.hasPrefix(finishedPrefix)
        || name.hasPrefix(conflictPrefix) || name == journalName
    }
  }

  /// A run's write-ahead journal when it is applied: one ``ContentHash`` a line, noted before
  /// the file is renamed into place.
  public static let journalName = "written-sources"

  /// The runs in a store, oldest first.
  public static func runs(in store: URL) -> [URL] {
    let keys: [URLResourceKey] = [.contentModificationDateKey, .isDirectoryKey]
    let found =
      (try? FileManager.default.contentsOfDirectory(
        at: store, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])) ?? []
    return found.compactMap { url -> (URL, Date)? in
      guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isDirectory == true
      else { return nil }
      return (url, values.contentModificationDate ?? .distantPast)
    }
    .sorted { $0.1 < $1.1 }.map(\.0)
  }

  /// Time first, so a run's records sort in the order they were made.
  public static func uniqueName() -> String {
    let nanoseconds = UInt64(Date().timeIntervalSince1970 * 1e9)
    return "\(nanoseconds)-\(getpid())-\(UInt32.random(in: .min ... .max))"
  }

  /// The process that made a ``uniqueName()`` (found after any prefix such as ``usedPrefix``).
  public static func process(ofUniqueName name: Substring) -> Substring? {
    let parts = name.split(separator: "-")
    return parts.count > 1 ? parts[1] : nil
  }

  /// The parent process and its start time: the same for every test process of one `swift test`.
  private static let parentRun: String = {
    let parent = getppid()
    var name = "test-\(parent)"
    if let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    {
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      // Field 22 of proc(5), the start time; `fields` begins at field 3.
      if fields.count > 19 { name += "-\(fields[19])" }
    }
    return name
  }()
}
