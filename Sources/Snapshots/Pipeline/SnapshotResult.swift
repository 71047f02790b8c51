import Foundation

/// What one run of an assertion came to, and the test and settings it ran with.
struct Verdict {
  var result: SnapshotResult
  var context: TestContext
  /// `nil` when they could not be resolved.
  var settings: SnapshotSettings?

  /// The failure message; `nil` when it matched.
  var message: String? { FailureMessage.text(for: result, settings: settings) }
}

/// Why an assertion cannot run: the failed result its place's preparation returns.
struct PreparationFailure: Error {
  var result: SnapshotResult
  init(_ kind: SnapshotFailureKind, _ message: String) { result = .failed(kind, message) }
}

/// What one assertion came to.
///
/// Every front end turns it into a report (``FailureMessage``), and a failure's
/// ``SnapshotFailureKind`` is what `snapshot-record` learns of it.
enum SnapshotResult: Sendable {
  case matched
  /// The record mode wrote the actual value at `path`.
  case recorded(Mismatch, path: String)
  /// The reference was left as it is; the actual value was kept for review and
  /// `snapshot-record`.
  case kept(Mismatch, Kept)
  /// Nothing could be compared, recorded or kept, and why.
  case failed(SnapshotFailureKind, String)

  /// How the actual value differs from the reference.
  enum Mismatch: Sendable {
    case missing
    /// The reference file could not be decoded, with why.
    case unreadable(String)
    /// The strategy's difference, and the kinds of placeholders whose numbers alone changed.
    case differs(SnapshotDifference, renumbered: [PlaceholderRenumbering] = [])
    /// The value is `nil`, and an inline call still has a reference.
    case unexpectedReference

    var difference: SnapshotDifference? {
      if case .differs(let difference, _) = self { return difference }
      return nil
    }
  }

  /// Where a value that was not recorded went.
  enum Kept: Sendable {
    case file(KeptFile)
    case inline(KeptInline)
  }

  /// A file snapshot's actual value, saved beside the artifacts.
  struct KeptFile: Sendable {
    /// The reference the test read (its old name, while the new one has no file).
    var referencePath: String
    var actual: URL
    var artifacts: [URL]
    /// Why the record for `snapshot-record` could not be written, if it could not.
    var pendingError: String?
    /// The files attached to the test: reference, actual value, artifacts.
    var attachments: [FailureAttachment]
  }

  /// An inline snapshot's new text, and whether `snapshot-record` has it.
  struct KeptInline: Sendable {
    var site: InlineSite
    /// The value's text; `nil` when the value was `nil`.
    var actual: String?
    var pending: Pending

    enum Pending: Sendable {
      case kept
      /// Code chose `record: .never`.
      case recordingOff
      /// A deprecated spelling whose reference `snapshot-record` does not rewrite.
      case notRecordable
      /// The record could not be written, with why.
      case failed(String)
    }
  }

  /// Why the test fails, `nil` when it passes.
  var failureKind: SnapshotFailureKind? {
    switch self {
    case .matched: return nil
    case .recorded: return .recorded
    case .kept(_, .file(let file)): return file.pendingError == nil ? .mismatch : .recordLost
    case .kept(_, .inline(let inline)):
      switch inline.pending {
      case .kept: return .mismatch
      case .recordingOff: return .recordingOff
      case .notRecordable: return .notRecordable
      case .failed: return .recordLost
      }
    case .failed(let kind, _): return kind
    }
  }
}
