import Foundation
@_spi(Tooling) import Snapshots

/// Whether pending records may be written, decided here alone.
///
/// It decides from what is pending and what is on disk: the plan, the applier, the source
/// rewriter, the shard merge and the review ask it, and say its reasons. Nothing here reads or
/// writes a file, so each case is a value to test (`RefusalPolicyTests`).
struct RefusalPolicy {
  /// Whether the records may come from a run that did not run every test (`--filter`, or
  /// `swift test` runs applied later): a reference is then not written for a test whose name
  /// its file declares twice (two suites' `dump()`), since its references' names are the
  /// other's too and only a full run tells whose it is (suite-qualified names never meet), nor
  /// for a helper's name, which other tests may call too.
  var partialRun = false
  /// `--include-interrupted`: the runs whose tests did not finish are applied too.
  var includeInterrupted = false

  enum Refusal: Equatable, Error, CustomStringConvertible {
    /// Two assertions' failures named one reference.
    case nameConflict
    /// The test source was edited since the tests ran: its path, or `nil` for the file being
    /// rewritten.
    case sourceChanged(test: String?)
    case namedByHelper(test: String)
    case nameDeclaredTwice(count: Int, file: String, test: String)
    /// One reference got so many different values in one run.
    case differentValues(Int)
    /// One inline call got so many different texts in one run.
    case differentTexts(Int, line: Int, call: String)
    /// CI shards recorded different contents for one reference or call.
    case shardsDisagree([String])
    /// No test file of a shard is in this package.
    case shardNotHere
    /// A file record's bytes (its data file, as the user reads its path) are not the ones it
    /// was written with.
    case dataDamaged(file: String, DataDamage)
    /// A record file that does not read as a pending record: why. Which change it held is not
    /// known.
    case recordDamaged(String)
    /// A test source is left whole, for this reason: it could not be read, is not UTF-8, or
    /// its rewrite would not read back.
    case sourceLeft(String)
    /// Writing failed.
    case notWritten(String)
    /// A group would decide a part of a change whose records are CI shards' (`--from`), which
    /// are left as they are, so its other part could not stay pending.
    case partOfShard
    /// A group's hunk is no longer in the change (an earlier decision changed it).
    case hunkGone

    var description: String {
      switch self {
      case .nameConflict:
        "two different assertions resolve to this reference (their failure names both); nothing is written for either: give one its own name with named:, or name references after their suites with .snapshots(naming: .suiteQualified)"
      case .sourceChanged(let test?):
        "its test \(test) changed since the tests ran; run the tests again (snapshot-record does) to record against it"
      case .sourceChanged(nil):
        "the file changed since the tests ran; run the tests again (snapshot-record does) to record against it"
      case .namedByHelper(let test):
        "it is named after \(test), a helper that other tests may call too, so this run cannot tell whose it is; record it with a full run (snapshot-record without --filter), or have the helper pass its caller's testName on"
      case .nameDeclaredTwice(let count, let file, let test):
        "\(count) tests in \(file) are named \(test), so their references' names meet and this run cannot tell whose this is; record it with a full run (snapshot-record without --filter), or rename one of them"
      case .differentValues(let count):
        "\(count) different values were recorded for this reference in one run (a loop?); name each assertion"
      case .differentTexts(let count, let line, let call):
        "line \(line): \(call) recorded \(count) different texts in one run (a loop or a parameterized test?); give each value its own assertion, or use a file snapshot"
      case .shardsDisagree(let shards):
        "\(shards.joined(separator: " and ")) recorded different contents; nothing of it was applied"
      case .shardNotHere:
        "none of its records' test files is in this package; nothing of it was applied"
      case .dataDamaged(let file, let damage):
        "its pending data \(file) \(damage); nothing is written from it: run the tests again (snapshot-record) to record it anew, or drop it with snapshot-record --reject ID (--pending lists its id)"
      case .recordDamaged(let reason):
        "this pending record cannot be read (\(reason)), so nothing is written from it: run the tests again with snapshot-record, which records its change anew (a run of every test replaces this run), or delete the file to drop it"
      case .sourceLeft(let why), .notWritten(let why): why
      case .partOfShard:
        "the group decides only a part of this change, and CI shards' records are left as they are, so the rest could not stay pending; decide the change whole by its own id"
      case .hunkGone:
        "it no longer holds the group's lines (an earlier decision changed it); decide it by its own id"
      }
    }

    /// Whether its records stay pending, for an apply once the cause is fixed (the edit
    /// undone, the disk freed, the data file put back) and so that the files a message names
    /// are there to read; the others wait for a new run.
    var keepsRecords: Bool {
      switch self {
      case .sourceChanged, .sourceLeft, .notWritten, .dataDamaged, .recordDamaged, .partOfShard,
        .hunkGone:
        true
      default: false
      }
    }
  }

  /// What is wrong with a file record's bytes.
  enum DataDamage: Equatable, CustomStringConvertible {
    /// The data file is gone.
    case missing
    /// It could not be read: why.
    case unreadable(String)
    /// It holds so many bytes, not the number recorded (cut short, or another record's).
    case size(found: Int, recorded: Int)
    /// It holds as many bytes as recorded, but not the same ones.
    case digest

    var description: String {
      switch self {
      case .missing: "does not exist"
      case .unreadable(let reason): "could not be read: \(reason)"
      case .size(let found, let recorded):
        "holds \(counted(found, "byte")), not the \(recorded) recorded (cut short, or another change's)"
      case .digest: "holds other bytes than those recorded (its SHA-256 differs)"
      }
    }
  }

  /// Whether a stored run's records are applied: not those of a run whose tests did not finish
  /// (interrupted, or a test process crashed), which may hold part of what they would have
  /// left, unless asked.
  func applies(_ run: PendingRun) -> Bool { includeInterrupted || !run.isInterrupted }

  /// Stored runs split into those applied and those left (``applies(_:)``), each in order.
  func partition(_ runs: [PendingRun]) -> (applied: [PendingRun], left: [PendingRun]) {
    (runs.filter(applies), runs.filter { !applies($0) })
  }

  /// The reason not to write a file record's bytes (`nil` when its data file is gone), as
  /// `file` holds them: they are not the ones the test left.
  ///
  /// They are checked against the size and SHA-256 digest the record carries. A record an older
  /// version wrote carries neither: its bytes are taken as they are, as that version took them.
  func data(_ bytes: Data?, of record: PendingFileRecord, file: @autoclosure () -> String)
    -> Refusal?
  {
    guard let bytes else { return .dataDamaged(file: file(), .missing) }
    guard let recorded = record.dataSize, let digest = record.dataSHA256 else { return nil }
    if bytes.count != recorded {
      return .dataDamaged(file: file(), .size(found: bytes.count, recorded: recorded))
    }
    return SHA256.hex(bytes) == digest ? nil : .dataDamaged(file: file(), .digest)
  }

  /// The first reason not to write one reference's records, if any.
  ///
  /// - Parameters:
  ///   - values: the bytes each record recorded.
  ///   - sourcesNow: the hash of each test source now (`nil` when it cannot be read).
  ///   - written: hashes of the texts this run's apply wrote, which change closures only.
  ///   - declared: how many times the records' test source declares their test's name.
  ///   - relative: a path as the user reads it.
  func reference(
    _ records: [PendingFileRecord], values: [Data], sourcesNow: [String: String?],
    written: Set<String>, declared: Int?, relative: (String) -> String
  ) -> Refusal? {
    let changed = records.first { record in
      guard let recorded = record.sourceHash, let now = sourcesNow[record.sourceFile] ?? nil else {
        return false
      }
      return now != recorded && !written.contains(now)
    }
    if let changed { return .sourceChanged(test: relative(changed.sourceFile)) }
    guard let first = records.first else { return nil }
    if partialRun, records.contains(where: { $0.namedByHelper == true }) {
      return .namedByHelper(test: first.testName)
    }
    if partialRun, let declared, declared > 1 {
      return .nameDeclaredTwice(
        count: declared, file: relative(first.sourceFile), test: first.testName)
    }
    let distinct = Set(values).count
    return distinct > 1 ? .differentValues(distinct) : nil
  }

  /// The reason not to rewrite a source's inline snapshots at all: it changed since the tests
  /// ran (`recorded`, the hashes its records were made against; `now`, its hash).
  func source(recorded: [String?], now: String) -> Refusal? {
    recorded.allSatisfy { $0 == now } ? nil : .sourceChanged(test: nil)
  }

  /// The reason not to write one inline call's closure: it recorded different texts.
  func call(texts: [String?], line: Int, description: String) -> Refusal? {
    let distinct = Set(texts).count
    return distinct > 1 ? .differentTexts(distinct, line: line, call: description) : nil
  }

  /// The reason not to apply what several shards recorded for one reference or call: they
  /// disagree.
  func shards(_ names: [String], contents: @autoclosure () -> [Data]) -> Refusal? {
    names.count > 1 && Set(contents()).count > 1 ? .shardsDisagree(names) : nil
  }
}
