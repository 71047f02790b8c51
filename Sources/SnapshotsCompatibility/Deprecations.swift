import Foundation
@_spi(Tooling) import Snapshots
import XCTest

// swift-snapshot-testing 1.19.7's deprecated spellings, so suites written for it compile; each
// forwards to the normal API. They live apart so that a test target that does not use them
// does not compile them (`snapshot-record --migrate` adds `import SnapshotsCompatibility` where a file
// uses them), go at the next major version, and have no documentation pages of their own (the
// migration guide lists them).

@available(
  *, deprecated, message: "Use '.all' instead of 'true', and '.missing' instead of 'false'."
)
extension SnapshotTestingConfiguration.Record: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) {
    self = value ? .all : .missing
  }
}

@available(*, deprecated, message: "Use '.default' instead of a 'nil' value for 'diffTool'.")
extension SnapshotTestingConfiguration.DiffTool: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) {
    self = .default
  }
}

@available(
  *, deprecated,
  message:
    "Use 'withSnapshotTesting(record:)', the '.snapshots(record:)' trait or SNAPSHOT_TESTING_RECORD."
)
@_documentation(visibility: internal)
public var isRecording: Bool {
  get {
    (SnapshotTestingConfiguration.current?.record ?? LegacyGlobals.record.withLock { $0 }) == .all
  }
  set { LegacyGlobals.record.withLock { $0 = newValue ? .all : .missing } }
}

@available(
  *, deprecated,
  message:
    "Use 'withSnapshotTesting(record:)', the '.snapshots(record:)' trait or SNAPSHOT_TESTING_RECORD."
)
@_documentation(visibility: internal)
public var record: Bool {
  get { isRecording }
  set { isRecording = newValue }
}

@available(
  *, deprecated,
  message: "Use 'withSnapshotTesting(diffTool:)' or the '.snapshots(diffTool:)' trait."
)
@_documentation(visibility: internal)
public var diffTool: SnapshotTestingConfiguration.DiffTool {
  get { LegacyGlobals.diffTool.withLock { $0 } }
  set { LegacyGlobals.diffTool.withLock { $0 = newValue } }
}

@available(*, deprecated, renamed: "XCTestCase")
public typealias SnapshotTestCase = XCTestCase

extension SnapshotTestingConfiguration.Record {
  fileprivate init?(recording: Bool?) {
    guard let recording else { return nil }
    self = recording ? .all : .missing
  }
}

@available(
  *, deprecated, message: "Use the overload with 'record: SnapshotTestingConfiguration.Record?'"
)
@_disfavoredOverload
@_documentation(visibility: internal)
public func assertSnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil, record recording: Bool? = nil, timeout: TimeInterval = 5,
  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  assertSnapshot(
    of: try value(), as: snapshotting, named: name, record: .init(recording: recording),
    timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line,
    column: column)
}

@available(
  *, deprecated, message: "Use the overload with 'record: SnapshotTestingConfiguration.Record?'"
)
@_disfavoredOverload
@_documentation(visibility: internal)
public func assertSnapshots<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategies: [String: Snapshotting<Value, Format>],
  record recording: Bool? = nil, timeout: TimeInterval = 5, fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
  column: UInt = #column
) {
  assertSnapshots(
    of: try value(), as: strategies, record: .init(recording: recording), timeout: timeout,
    fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

@available(
  *, deprecated, message: "Use the overload with 'record: SnapshotTestingConfiguration.Record?'"
)
@_disfavoredOverload
@_documentation(visibility: internal)
public func assertSnapshots<Value, Format>(
  of value: @autoclosure () throws -> Value, as strategies: [Snapshotting<Value, Format>],
  record recording: Bool? = nil, timeout: TimeInterval = 5, fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line,
  column: UInt = #column
) {
  assertSnapshots(
    of: try value(), as: strategies, record: .init(recording: recording), timeout: timeout,
    fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

@available(
  *, deprecated, message: "Use the overload with 'record: SnapshotTestingConfiguration.Record?'"
)
@_disfavoredOverload
@_documentation(visibility: internal)
public func verifySnapshot<Value, Format>(
  of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil, record recording: Bool? = nil, snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5, fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) -> String? {
  verifySnapshot(
    of: try value(), as: snapshotting, named: name, record: .init(recording: recording),
    snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID, file: filePath,
    testName: testName, line: line, column: column)
}

@available(*, deprecated, renamed: "assertSnapshot(of:as:named:record:timeout:file:testName:line:)")
@_documentation(visibility: internal)
public func assertSnapshot<Value, Format>(
  matching value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil, record recording: Bool? = nil, timeout: TimeInterval = 5,
  file: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
  assertSnapshot(
    of: try value(), as: snapshotting, named: name, record: .init(recording: recording),
    timeout: timeout, file: file, testName: testName, line: line)
}

@available(*, deprecated, renamed: "assertSnapshots(of:as:record:timeout:file:testName:line:)")
@_documentation(visibility: internal)
public func assertSnapshots<Value, Format>(
  matching value: @autoclosure () throws -> Value,
  as strategies: [String: Snapshotting<Value, Format>], record recording: Bool? = nil,
  timeout: TimeInterval = 5, file: StaticString = #filePath, testName: String = #function,
  line: UInt = #line
) {
  assertSnapshots(
    of: try value(), as: strategies, record: .init(recording: recording), timeout: timeout,
    file: file, testName: testName, line: line)
}

@available(*, deprecated, renamed: "assertSnapshots(of:as:record:timeout:file:testName:line:)")
@_documentation(visibility: internal)
public func assertSnapshots<Value, Format>(
  matching value: @autoclosure () throws -> Value, as strategies: [Snapshotting<Value, Format>],
  record recording: Bool? = nil, timeout: TimeInterval = 5, file: StaticString = #filePath,
  testName: String = #function, line: UInt = #line
) {
  assertSnapshots(
    of: try value(), as: strategies, record: .init(recording: recording), timeout: timeout,
    file: file, testName: testName, line: line)
}

@available(
  *, deprecated,
  renamed: "verifySnapshot(of:as:named:record:snapshotDirectory:timeout:file:testName:line:)"
)
@_documentation(visibility: internal)
public func verifySnapshot<Value, Format>(
  matching value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
  named name: String? = nil, record recording: Bool? = nil, snapshotDirectory: String? = nil,
  timeout: TimeInterval = 5, file: StaticString = #filePath, testName: String = #function,
  line: UInt = #line
) -> String? {
  verifySnapshot(
    of: try value(), as: snapshotting, named: name, record: .init(recording: recording),
    snapshotDirectory: snapshotDirectory, timeout: timeout, file: file, testName: testName,
    line: line)
}

extension Diffing {
  /// A diffing whose `diff` returns swift-snapshot-testing's tuple of a message and attachments.
  @available(*, deprecated, message: "Return a 'SnapshotDifference' from 'diff' instead of a tuple")
  public init(
    toData: @escaping (_ value: Value) -> Data, fromData: @escaping (_ data: Data) -> Value,
    diff: @escaping (_ lhs: Value, _ rhs: Value) -> (String, [XCTAttachment])?
  ) {
    self = .diff(toData: toData, fromData: fromData) { reference, actual in
      diff(reference, actual).map { ($0.0, $0.1.map(DiffAttachment.xcTest)) }
    }
  }

  /// A diffing whose `diff` returns a message and ``DiffAttachment``s.
  @available(
    *, deprecated, message: "Use 'Diffing(toData:fromData:diff:)' with a 'SnapshotDifference'"
  )
  public static func diff(
    toData: @escaping (_ value: Value) -> Data, fromData: @escaping (_ data: Data) -> Value,
    diffV2: @escaping (_ lhs: Value, _ rhs: Value) -> (String, [DiffAttachment])?
  ) -> Self {
    Diffing(toData: toData, fromData: fromData) { reference, actual in
      diffV2(reference, actual).map { message, attachments in
        SnapshotDifference(
          message, artifacts: attachments.enumerated().map { $1.artifact($0) })
      }
    }
  }

  /// The diff as swift-snapshot-testing's tuple.
  @available(*, deprecated, message: "Use 'diff', which returns a 'SnapshotDifference'")
  public var diffV2: (_ lhs: Value, _ rhs: Value) -> (String, [DiffAttachment])? {
    { reference, actual in
      diff(reference, actual).map { difference in
        (
          difference.message,
          difference.artifacts.map { .data($0.data, name: "\($0.name).\($0.pathExtension)") }
        )
      }
    }
  }
}

@available(
  *, deprecated,
  message:
    "Use 'assertInlineSnapshot(of:as:)' from 'InlineSnapshots'; snapshot-record writes its reference."
)
@_documentation(visibility: internal)
public func _assertInlineSnapshot<Value>(
  matching value: @autoclosure () throws -> Value,
  as snapshotting: Snapshotting<Value, String>,
  record recording: Bool = false,
  timeout: TimeInterval = 5,
  with reference: String,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  deprecatedInlineSite(
    reference: reference, recording: recording, fileID: fileID, filePath: filePath,
    testName: testName, line: line, column: column
  ).assert(value, as: snapshotting, timeout: timeout)
}

@available(
  *, deprecated,
  message:
    "Use 'assertInlineSnapshot(of:as:)' from 'InlineSnapshots'; snapshot-record writes its reference."
)
@_documentation(visibility: internal)
public func _verifyInlineSnapshot<Value>(
  matching value: @autoclosure () throws -> Value,
  as snapshotting: Snapshotting<Value, String>,
  record recording: Bool = false,
  timeout: TimeInterval = 5,
  with reference: String,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  testName: String = #function,
  line: UInt = #line,
  column: UInt = #column
) -> String? {
  deprecatedInlineSite(
    reference: reference, recording: recording, fileID: fileID, filePath: filePath,
    testName: testName, line: line, column: column
  ).verify(value, as: snapshotting, timeout: timeout)
}

/// The call of a deprecated inline spelling, whose `with:` text `snapshot-record` does not
/// rewrite.
private func deprecatedInlineSite(
  reference: String, recording: Bool, fileID: StaticString, filePath: StaticString,
  testName: String, line: UInt, column: UInt
) -> InlineSite {
  InlineSite(
    reference: reference, record: recording ? .all : nil, message: "",
    functionName: "_assertInlineSnapshot", closureLabel: "with", trailingClosureIndex: 0,
    formerClosureLabels: [], isRecordable: false, fileID: fileID, filePath: filePath,
    function: "", line: line, column: column)
}
