import Foundation

/// Why a snapshot assertion failed, as `snapshot-record` reads it: the tool counts and explains
/// the failures no pending record covers by these kinds, never by a message's words.
package enum SnapshotFailureKind: String, Codable, Sendable, CaseIterable {
  /// The value differs or has no reference, and a pending record holds it.
  case mismatch
  /// The record mode wrote the value over its reference.
  case recorded
  /// `SNAPSHOT_TESTING_RECORD`, `SNAPSHOTS_WORKSPACE_ROOT` or a variant matrix is not usable.
  case invalidSettings
  /// Two assertions resolve to one reference file.
  case nameConflict
  /// The value or its strategy threw, timed out, or could not be encoded.
  case captureFailed
  /// The reference file exists but could not be read.
  case referenceNotRead
  /// The encoded value would not decode again, so it is never written.
  case wouldNotReadBack
  /// The reference, the actual value or the sensitivity check's report could not be written.
  case notWritten
  /// The pending record could not be written (a full disk).
  case recordLost
  /// An inline snapshot with `record: .never`.
  case recordingOff
  /// A deprecated inline spelling that `snapshot-record` does not rewrite.
  case notRecordable
}

/// The failures of a run, one JSON object a line, in the file `snapshot-record` names in
/// ``variable``: where each failing snapshot assertion is and its kind, and every failure XCTest
/// reported (``XCTestTracker``), so the tool never reads a test's printed output.
///
/// Outside the pending store on purpose: the store may be the disk that is full, and the tool
/// still has to say why a record is missing.
package enum FailureLog {
  public static let variable = "SNAPSHOTS_FAILURE_LOG"

  public struct Entry: Codable, Equatable, Sendable {
    /// A snapshot assertion's kind; `nil` for a failure the test framework reported, whichever
    /// assertion raised it.
    public var kind: SnapshotFailureKind?
    public var file: String
    public var line: Int
    /// The test, as its framework names it (`Suite.testFoo`), for a reported failure.
    public var test: String?
    /// A failure's first line: a reported failure's, or the message a snapshot assertion
    /// reported.
    public var message: String?
    /// Not a failure: an XCTest test that started, so that a pass a crash ends can name the
    /// test that was running.
    public var started: Bool?
    /// Not a failure: an XCTest test that ended and was not skipped, so that the references it
    /// no longer makes can be told.
    public var ended: Bool?

    public init(
      kind: SnapshotFailureKind?, file: String, line: Int, test: String? = nil,
      message: String? = nil, started: Bool? = nil, ended: Bool? = nil
    ) {
      self.kind = kind
      self.file = file
      self.line = line
      self.test = test
      self.message = message
      self.started = started
      self.ended = ended
    }

    /// A failure the test framework reported, whichever assertion raised it.
    public var isReportedFailure: Bool { kind == nil && started != true && ended != true }
  }

  private static let path: String? = SnapshotSettings.processEnvironment[variable].flatMap {
    $0.isEmpty ? nil : $0
  }

  /// Whether the tool asked for a log.
  static var isActive: Bool { path != nil }

  /// Appends an entry when the tool asked for a log.
  ///
  /// A log that cannot be written loses the entry: the tool then counts the failure as another
  /// assertion's, and still fails.
  static func append(_ entry: Entry) {
    guard let path else { return }
    try? AtomicFile.append(json: entry, to: path)
  }

  /// The entries of a log, in order; lines that do not decode are skipped.
  public static func read(_ url: URL) -> [Entry] { AtomicFile.jsonLines(url, as: Entry.self) }
}
