import Foundation

/// An inline snapshot's place, and the steps of an assertion that are the call's.
///
/// It holds the call in the test source, how `snapshot-record` finds its reference closure, and
/// the reference text. The test process never edits source: a new text is kept as a pending
/// record.
package struct InlineSite: Sendable {
  /// The reference text in the call; `nil` when it has none.
  var reference: String?
  var record: SnapshotTestingConfiguration.Record?
  /// Shown before the failure.
  var message: String
  /// The function called: `assertInlineSnapshot`, or a helper's name; `nil` when the call is
  /// found by its line and column alone.
  var functionName: String?
  var closureLabel: String
  var trailingClosureIndex: Int
  var formerClosureLabels: [String]
  /// `false` for a spelling whose reference `snapshot-record` does not rewrite.
  var isRecordable: Bool
  var fileID: StaticString
  var filePath: StaticString
  var function: StaticString
  var line: UInt
  var column: UInt

  public init(
    reference: String?, record: SnapshotTestingConfiguration.Record?, message: String,
    functionName: String?, closureLabel: String, trailingClosureIndex: Int,
    formerClosureLabels: [String], isRecordable: Bool = true, fileID: StaticString,
    filePath: StaticString, function: StaticString, line: UInt, column: UInt
  ) {
    self.reference = reference
    self.record = record
    self.message = message
    self.functionName = functionName
    self.closureLabel = closureLabel
    self.trailingClosureIndex = trailingClosureIndex
    self.formerClosureLabels = formerClosureLabels
    self.isRecordable = isRecordable
    self.fileID = fileID
    self.filePath = filePath
    self.function = function
    self.line = line
    self.column = column
  }

  /// The test source on this machine (``WorkspaceRoot``).
  var sourceFile: String { WorkspaceRoot.path(of: "\(filePath)") }

  /// `assertInlineSnapshot at Module/File.swift:12`, for messages.
  var call: String { "\(functionName ?? "inline snapshot") at \(fileID):\(line)" }

  /// The settings the call runs with, or why they cannot be resolved.
  func prepare() -> Result<SnapshotSettings, PreparationFailure> {
    if let problem = WorkspaceRoot.problem(with: sourceFile) {
      return .failure(PreparationFailure(.invalidSettings, problem.description))
    }
    do {
      return .success(try SnapshotSettings.resolve(record: record))
    } catch {
      return .failure(PreparationFailure(.invalidSettings, error.description))
    }
  }

  /// Keeps the new text for `snapshot-record`, unless code turned recording off.
  func settle(_ data: Data?) -> SnapshotResult.KeptInline {
    let actual = data.map { String(decoding: $0, as: UTF8.self) }
    guard isRecordable else { return .init(site: self, actual: actual, pending: .notRecordable) }
    guard codeChosenRecordMode(record) != .never else {
      return .init(site: self, actual: actual, pending: .recordingOff)
    }
    let record = PendingInlineRecord(
      sourceFile: sourceFile, line: Int(line), column: Int(column),
      functionName: functionName ?? "", closureLabel: closureLabel,
      trailingClosureIndex: trailingClosureIndex, formerClosureLabels: formerClosureLabels,
      oldText: reference, newText: actual,
      sourceHash: ContentHash.ofFile(atPath: sourceFile) ?? "", testName: "\(function)")
    do {
      try PendingStore.write(.inline(record), testFilePath: record.sourceFile)
      return .init(site: self, actual: actual, pending: .kept)
    } catch {
      return .init(site: self, actual: actual, pending: .failed("\(error)"))
    }
  }
}

extension InlineSite {
  /// Runs the assertion at this call: its failure message, `nil` when it matches.
  public func verify<Value>(
    _ value: () throws -> Value?, as strategy: Snapshotting<Value, String>, timeout: TimeInterval
  ) -> String? {
    SnapshotVerification(strategy: strategy, place: .inline(self), timeout: timeout).run(value)
      .message
  }

  /// Runs the assertion and reports a failure at this call.
  public func assert<Value>(
    _ value: () throws -> Value?, as strategy: Snapshotting<Value, String>, timeout: TimeInterval
  ) {
    FailureReporter.report(
      SnapshotVerification(strategy: strategy, place: .inline(self), timeout: timeout).run(value),
      at: .init(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
