import Foundation
import InlineSnapshots
import Snapshots

// swift-snapshot-testing 1.19.7's inline spellings (InlineSnapshotTesting), so helpers written
// for it, such as swift-macro-testing's, compile; each forwards to the normal API.

@available(*, deprecated, renamed: "InlineSnapshotSyntax")
public typealias InlineSnapshotSyntaxDescriptor = InlineSnapshotSyntax

extension InlineSnapshotSyntax {
  @available(*, deprecated, renamed: "defaultClosureLabel")
  @_documentation(visibility: internal)
  public static var defaultTrailingClosureLabel: String { defaultClosureLabel }

  /// A descriptor without a function name: the call is found by its line and column.
  @available(
    *, deprecated,
    renamed: "init(functionName:closureLabel:trailingClosureIndex:formerClosureLabels:)"
  )
  @_documentation(visibility: internal)
  public init(
    deprecatedTrailingClosureLabels: [String] = [],
    trailingClosureLabel: String = defaultClosureLabel,
    trailingClosureOffset: Int = 0
  ) {
    self.init(
      functionName: nil, closureLabel: trailingClosureLabel,
      trailingClosureIndex: trailingClosureOffset,
      formerClosureLabels: deprecatedTrailingClosureLabels)
  }

  @available(*, deprecated, renamed: "closureLabel")
  @_documentation(visibility: internal)
  public var trailingClosureLabel: String {
    get { closureLabel }
    set { closureLabel = newValue }
  }

  @available(*, deprecated, renamed: "trailingClosureIndex")
  @_documentation(visibility: internal)
  public var trailingClosureOffset: Int {
    get { trailingClosureIndex }
    set { trailingClosureIndex = newValue }
  }

  @available(*, deprecated, renamed: "formerClosureLabels")
  @_documentation(visibility: internal)
  public var deprecatedTrailingClosureLabels: [String] {
    get { formerClosureLabels }
    set { formerClosureLabels = newValue }
  }
}

@available(
  *, deprecated,
  renamed:
    "assertInlineSnapshot(of:as:message:record:timeout:syntax:matches:fileID:file:function:line:column:)"
)
@_documentation(visibility: internal)
public func assertInlineSnapshot<Value>(
  of value: @autoclosure () throws -> Value?,
  as snapshotting: Snapshotting<Value, String>,
  message: @autoclosure () -> String = "",
  record: SnapshotTestingConfiguration.Record? = nil,
  timeout: TimeInterval = 5,
  syntaxDescriptor: InlineSnapshotSyntax,
  matches expected: (() -> String)? = nil,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  assertInlineSnapshot(
    of: try value(), as: snapshotting, message: message(), record: record, timeout: timeout,
    syntax: syntaxDescriptor, matches: expected, fileID: fileID, file: filePath,
    function: function, line: line, column: column)
}
