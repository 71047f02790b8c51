@_spi(Tooling) import Snapshots

/// How the `snapshot-record` tool finds an inline snapshot's call in the source: the function's
/// name and which closure holds the reference.
///
/// Helpers that wrap ``assertInlineSnapshot(of:as:message:record:timeout:syntax:matches:fileID:file:function:line:column:)``
/// pass their own descriptor, so the tool rewrites the helper's call instead:
///
/// ```swift
/// func assertResponse(
///   _ response: Response, file: StaticString = #filePath, line: UInt = #line,
///   column: UInt = #column, body: (() -> String)? = nil
/// ) {
///   assertInlineSnapshot(
///     of: response.body, as: .lines,
///     syntax: InlineSnapshotSyntax(functionName: "assertResponse", closureLabel: "body"),
///     matches: body, file: file, line: line, column: column)
/// }
/// ```
public struct InlineSnapshotSyntax: Sendable, Hashable {
  /// The called function's name, as written at the call site; `nil` to find the call by the
  /// line and column alone (the helper then passes its caller's `#line` and `#column`).
  public var functionName: String?
  /// The label of the closure parameter that holds the reference.
  public var closureLabel: String
  /// Which trailing closure holds the reference when the call uses trailing closures: 0 for
  /// the first (unlabelled) one, 1 for the next (written `closureLabel: { … }`), and so on.
  public var trailingClosureIndex: Int
  /// Labels a helper used for this closure before, still found at call sites written with them.
  public var formerClosureLabels: [String]

  public init(
    functionName: String?, closureLabel: String = defaultClosureLabel,
    trailingClosureIndex: Int = 0, formerClosureLabels: [String] = []
  ) {
    self.functionName = functionName
    self.closureLabel = closureLabel
    self.trailingClosureIndex = trailingClosureIndex
    self.formerClosureLabels = formerClosureLabels
  }

  /// `matches`: the label of `assertInlineSnapshot`'s reference closure.
  public static let defaultClosureLabel = "matches"

  /// `assertInlineSnapshot(of:as:) { … }`.
  public static let assertInlineSnapshot = InlineSnapshotSyntax(
    functionName: "assertInlineSnapshot")

  /// Fails the test at the described call, for a helper that finds a problem of its own before
  /// it asserts.
  public func fail(
    _ message: @autoclosure () -> String = "",
    fileID: StaticString,
    file filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    reportSnapshotFailure(
      message(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
