import Foundation

/// The folder where test processes leave pending records, one subfolder per test run.
///
/// A run is what the `snapshot-record` plugin starts (it sets `SNAPSHOTS_RUN`), or else one
/// `swift test`: every test process it starts (XCTest, Swift Testing, `--parallel` workers) shares
/// its parent, and the run is named after that parent. Each record is its own file with a unique
/// name, so processes never overwrite each other. The folder is `SNAPSHOTS_PENDING_DIRECTORY`, or
/// `.build/snapshots/pending` in the package that holds the test file.
@_spi(Tooling) public enum PendingStore {
  public static let directoryVariable = "SNAPSHOTS_PENDING_DIRECTORY"
  public static let runVariable = "SNAPSHOTS_RUN"
  /// When set to `1`, every assertion also logs the reference file it used (for orphans).
  public static let logVariable = "SNAPSHOTS_LOG_REFERENCES"

  /// Whether the tests run under `snapshot-record` (it names the run), which records what they
  /// leave: failure messages then do not tell the user to run it.
  public static let insideRecordCommand =
    SnapshotSettings.processEnvironment[runVariable].map { !$0.isEmpty } ?? false

  public static let recordExtension = "record"
  public static let usedPrefix = "used-"

  /// `.build/snapshots/pending` in a package.
  public static func defaultDirectory(packageRoot: URL) -> URL {
    packageRoot.appendingPathComponent(".build/snapshots/pending", isDirectory: true)
  }

  /// The folder of the current run, for a test in `testFilePath`.
  public static func runDirectory(
    testFilePath: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let root =
      environment[directoryVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? PackageRoot.above(URL(fileURLWithPath: testFilePath)).map(defaultDirectory)
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-pending")
    let run = environment[runVariable].flatMap { $0.isEmpty ? nil : $0 } ?? parentRun
    return root.appendingPathComponent(PathComponent.sanitize(run), isDirectory: true)
  }

  /// Writes a record (and, for a file snapshot, its bytes first) under a name no other process
  /// uses.
  public static func write(_ record: PendingRecord, data: Data? = nil, testFilePath: String) throws
  {
    try write(record, data: data, in: runDirectory(testFilePath: testFilePath))
  }

  public static func write(_ record: PendingRecord, data: Data?, in directory: URL) throws {
    let base = uniqueName()
    let stored: PendingRecord
    switch (record, data) {
    case (.file(let file), let data?):
      var withData = file
      withData.dataFile = base + ".data"
      try AtomicFile.write(data, to: directory.appendingPathComponent(withData.dataFile))
      stored = .file(withData)
    default:
      stored = record
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(
      encoder.encode(stored),
      to: directory.appendingPathComponent(base + "." + recordExtension))
  }

  /// Time first, so a run's records sort in the order they were made.
  public static func uniqueName() -> String {
    let nanoseconds = UInt64(Date().timeIntervalSince1970 * 1e9)
    return "\(nanoseconds)-\(getpid())-\(UInt32.random(in: .min ... .max))"
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
