import Foundation
@_spi(Tooling) import Snapshots

/// Every reason the tool refuses to write a reference or rewrite a source, with its message.
///
/// ``RefusalPolicy`` decides the ones that follow from what is pending and on disk, the
/// appliers the ones they meet while writing. Reports hold these values, and print them only
/// where they are shown.
public enum Refusal: Equatable, Error, CustomStringConvertible, Sendable {
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
  /// The test source could not be read; it is left whole.
  case sourceUnreadable
  /// The test source is not UTF-8; it is left whole.
  case sourceNotUTF8
  /// Two of a file's inline rewrites would edit the same text; it is left whole.
  case editsOverlap
  /// The rewritten file would not read back with the same calls; it is left whole.
  case rewriteUnreadable
  /// A written literal would not read back as the recorded text; the file is left whole.
  case literalUnreadable(line: Int)
  /// No inline call was found where the record says (`call`: `call of <name>`, or `call`).
  case callNotFound(line: Int, call: String)
  /// A call's closure could not be written: it has no place for a new one, or cannot lose
  /// the one a `nil` value would remove.
  case closureNotWritten(line: Int, call: String, closure: String, removing: Bool)
  /// What a group left of an inline change could not stay pending: its call is not found in
  /// the rewritten text.
  case callNotFoundAfterRewrite(line: Int)
  /// A filtered apply wrote the source, but could not move the records it left onto the new
  /// text: why.
  case leftRecordsNotMoved(String)
  /// Writing failed: the system's reason.
  case notWritten(String)
  /// A group would decide a part of a change whose records are CI shards' (`--from`), which
  /// are left as they are, so its other part could not stay pending.
  case partOfShard
  /// A group's hunk is no longer in the change (an earlier decision changed it).
  case hunkGone

  public var description: String {
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
    case .sourceUnreadable: "the test source could not be read"
    case .sourceNotUTF8: "the test source is not UTF-8"
    case .editsOverlap: "two inline snapshots overlap; nothing was written"
    case .rewriteUnreadable:
      "the rewritten file would not read back with the same calls; nothing was written"
    case .literalUnreadable(let line):
      "line \(line): the written literal would not read back as the recorded text; nothing was written"
    case .callNotFound(let line, let call): "line \(line): no \(call) was found there"
    case .closureNotWritten(let line, let call, let closure, let removing):
      "line \(line): \(call) \(removing ? "cannot lose" : "has no place for") closure \(closure):"
    case .callNotFoundAfterRewrite(let line):
      "line \(line): the call is not found again in the rewritten text, so what is left of its change could not stay pending"
    case .leftRecordsNotMoved(let why):
      "written, but the records the filter left could not be moved onto it (\(why)); run the tests again to record them"
    case .notWritten(let why): why
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
    case .sourceChanged, .sourceUnreadable, .sourceNotUTF8, .editsOverlap, .rewriteUnreadable,
      .literalUnreadable, .callNotFoundAfterRewrite, .notWritten, .dataDamaged, .recordDamaged,
      .partOfShard, .hunkGone:
      true
    case .nameConflict, .namedByHelper, .nameDeclaredTwice, .differentValues, .differentTexts,
      .shardsDisagree, .shardNotHere, .callNotFound, .closureNotWritten, .leftRecordsNotMoved:
      false
    }
  }
}

/// What is wrong with a file record's bytes.
public enum DataDamage: Equatable, CustomStringConvertible, Sendable {
  /// The data file is gone.
  case missing
  /// It could not be read: why.
  case unreadable(String)
  /// It holds so many bytes, not the number recorded (cut short, or another record's).
  case size(found: Int, recorded: Int)
  /// It holds as many bytes as recorded, but not the same ones.
  case digest

  public var description: String {
    switch self {
    case .missing: "does not exist"
    case .unreadable(let reason): "could not be read: \(reason)"
    case .size(let found, let recorded):
      "holds \(counted(found, "byte")), not the \(recorded) recorded (cut short, or another change's)"
    case .digest: "holds other bytes than those recorded (its SHA-256 differs)"
    }
  }
}

/// A refusal where it happened: the file, as the user reads its path.
public struct Refused: Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var refusal: Refusal

  public var description: String { "\(path): \(refusal)" }
}

extension [Refused] {
  /// The refusals in one line, as a review shows them.
  var described: String { map(\.description).joined(separator: "; ") }
}
