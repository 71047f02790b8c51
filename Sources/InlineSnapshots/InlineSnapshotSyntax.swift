/// How the `snapshot-record` tool finds an inline snapshot's call in the source: the function's
/// name and which closure holds the reference.
///
/// Helpers that wrap ``assertInlineSnapshot(of:as:message:timeout:syntax:matches:fileID:file:function:line:column:)``
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
  /// The called function's name, as written at the call site.
  public var functionName: String
  /// The label of the closure parameter that holds the reference.
  public var closureLabel: String
  /// Which trailing closure holds the reference when the call uses trailing closures: 0 for
  /// the first (unlabelled) one, 1 for the next (written `closureLabel: { … }`), and so on.
  public var trailingClosureIndex: Int

  public init(functionName: String, closureLabel: String = "matches", trailingClosureIndex: Int = 0)
  {
    self.functionName = functionName
    self.closureLabel = closureLabel
    self.trailingClosureIndex = trailingClosureIndex
  }

  /// `assertInlineSnapshot(of:as:) { … }`.
  public static let assertInlineSnapshot = InlineSnapshotSyntax(
    functionName: "assertInlineSnapshot")
}
