import Foundation
import InlineSnapshotTesting

/// Asserts what the transform makes of an input, in swift-macro-testing's shape.
///
/// The input is in the first trailing closure, then a `diagnostics:` closure when there are any, then `output:`.
/// The calls are found by their position, as swift-snapshot-testing's descriptors say.
public func assertTransform(
  _ input: () -> String,
  diagnostics: (() -> String)? = nil,
  output: (() -> String)? = nil,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  let text = input()
  let warnings = text.filter(\.isNumber).map { "warning: digit \($0)" }
  if !warnings.isEmpty || diagnostics != nil {
    assertInlineSnapshot(
      of: warnings.isEmpty ? nil : warnings.joined(separator: "\n"),
      as: .lines,
      syntaxDescriptor: InlineSnapshotSyntaxDescriptor(
        trailingClosureLabel: "diagnostics", trailingClosureOffset: 1),
      matches: diagnostics,
      fileID: fileID, file: filePath, function: function, line: line, column: column
    )
  }
  assertInlineSnapshot(
    of: text.uppercased(),
    as: .lines,
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor(
      deprecatedTrailingClosureLabels: ["matches"], trailingClosureLabel: "output",
      trailingClosureOffset: warnings.isEmpty ? 1 : 2),
    matches: output,
    fileID: fileID, file: filePath, function: function, line: line, column: column
  )
}
