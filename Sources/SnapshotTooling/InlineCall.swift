@_spi(Tooling) import Snapshots
import SwiftSyntax

/// One call that holds an inline snapshot, and the closure its descriptor names.
struct InlineCall {
  var call: FunctionCallExprSyntax
  var closureLabel: String
  var trailingClosureIndex: Int

  /// The call, with the closure a pending record names.
  init(_ call: FunctionCallExprSyntax, for record: PendingInlineRecord) {
    self.call = call
    closureLabel = record.closureLabel
    trailingClosureIndex = record.trailingClosureIndex
  }

  /// The closure that holds the reference, wherever it is written: as a labelled argument,
  /// as the first trailing closure or as a later labelled one.
  var referenceClosure: ClosureExprSyntax? {
    if let argument = call.arguments.first(where: { $0.label?.text == closureLabel }) {
      return argument.expression.as(ClosureExprSyntax.self)
    }
    if let extra = call.additionalTrailingClosures.first(where: { $0.label.text == closureLabel }) {
      return extra.closure
    }
    return trailingClosureIndex == 0 ? call.trailingClosure : nil
  }

  /// The text the reference closure returns now, when it is a plain string literal; `nil` when
  /// there is no closure or it computes its text.
  var currentText: String? {
    guard let closure = referenceClosure, closure.statements.count == 1,
      let item = closure.statements.first?.item.as(StringLiteralExprSyntax.self)
    else { return nil }
    return item.representedLiteralValue
  }

  /// Where to put the closure: replacing the present one, or after the call (as the first
  /// trailing closure, or as the next labelled one).
  enum Placement {
    case replace(Range<AbsolutePosition>)
    case insert(at: AbsolutePosition, label: String?)
  }

  var placement: Placement? {
    if let closure = referenceClosure {
      return .replace(
        closure.positionAfterSkippingLeadingTrivia..<closure.endPositionBeforeTrailingTrivia)
    }
    let trailingCount =
      (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
    guard trailingClosureIndex == trailingCount else { return nil }
    let end = call.endPositionBeforeTrailingTrivia
    return .insert(at: end, label: trailingCount == 0 ? nil : closureLabel)
  }
}
