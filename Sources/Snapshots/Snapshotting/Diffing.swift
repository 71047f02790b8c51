import Foundation

/// How a snapshot format is stored on disk and how two snapshots are compared.
///
/// ```swift
/// let bytes = Diffing<Data>(
///   toData: { $0 },
///   fromData: { $0 },
///   diff: { reference, actual in
///     reference == actual ? nil : SnapshotDifference("\(actual.count) bytes differ from the reference")
///   }
/// )
/// ```
public struct Diffing<Value> {
  /// Encodes a snapshot for its reference file; a thrown error fails the assertion.
  public var toData: (Value) throws -> Data {
    // A new encoding may write other bytes than the ones `matchesRecording` knows.
    didSet { matchesRecording = nil }
  }

  /// Decodes a reference file; a thrown error fails the assertion with the file's path and reason.
  public var fromData: (Data) throws -> Value

  /// Compares the reference with the actual snapshot: `nil` when they match.
  public var diff: (_ reference: Value, _ actual: Value) -> SnapshotDifference?

  /// Encodes a value that replaces an existing reference, for a format whose files can be laid
  /// out more than one way and that keeps the layout a reference already has; `nil` uses
  /// ``toData``.
  ///
  /// `.json` keeps the layout of references written by Foundation (swift-snapshot-testing's), so
  /// a migrated suite's re-recorded references differ only where the values do.
  public var toDataReplacing: ((_ value: Value, _ reference: Data) throws -> Data)?

  public init(
    toData: @escaping (_ value: Value) throws -> Data,
    fromData: @escaping (_ data: Data) throws -> Value,
    diff: @escaping (_ reference: Value, _ actual: Value) -> SnapshotDifference?
  ) {
    self.toData = toData
    self.fromData = fromData
    self.diff = diff
  }

  /// Whether a reference file holds exactly the bytes recording `value` writes.
  ///
  /// Told without decoding the file, and such a reference matches. `nil` where decoding and
  /// comparing is the only way; `.lines` compares the text's UTF-8 with the file, and a
  /// diffing made from it (`.json`) keeps that until its `toData` changes.
  var matchesRecording: ((_ value: Value, _ reference: Data) -> Bool)?
}

/// What a failed comparison reports: a message, and files that help to see the difference.
public struct SnapshotDifference: Sendable, Equatable {
  /// The explanation shown in the test failure, such as a unified diff.
  public var message: String

  /// Extra files written beside the failing actual value, such as a difference image.
  public var artifacts: [SnapshotArtifact]

  public init(_ message: String, artifacts: [SnapshotArtifact] = []) {
    self.message = message
    self.artifacts = artifacts
  }
}

/// A file that a comparison produces to explain a failure, written to the artifacts folder.
public struct SnapshotArtifact: Sendable, Equatable {
  /// What the file shows, used in its name (`"difference"` gives `<snapshot>.difference.<ext>`).
  public var name: String

  /// The file's extension, without the dot.
  public var pathExtension: String

  /// The file's contents.
  public var data: Data

  public init(name: String, pathExtension: String, data: Data) {
    self.name = name
    self.pathExtension = pathExtension
    self.data = data
  }
}
