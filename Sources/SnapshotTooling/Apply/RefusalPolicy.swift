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
  static func source(recorded: [String?], now: String) -> Refusal? {
    recorded.allSatisfy { $0 == now } ? nil : .sourceChanged(test: nil)
  }

  /// The reason not to write one inline call's closure: it recorded different texts.
  static func call(texts: [String?], line: Int, description: String) -> Refusal? {
    let distinct = Set(texts).count
    return distinct > 1 ? .differentTexts(distinct, line: line, call: description) : nil
  }

  /// The reason not to apply what several shards recorded for one reference or call: they
  /// disagree.
  static func shards(_ names: [String], contents: @autoclosure () -> [Data]) -> Refusal? {
    names.count > 1 && Set(contents()).count > 1 ? .shardsDisagree(names) : nil
  }
}
