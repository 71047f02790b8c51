@_spi(Tooling) import Snapshots
import SwiftSyntax

/// One call that holds an inline snapshot, and the closure its descriptor names.
struct InlineCall {
  var call: FunctionCallExprSyntax
  var closureLabel: String
  /// The label first, then the helper's former labels.
  var labels: [String]
  var trailingClosureIndex: Int

  /// The call, with the closure a pending record names.
  init(_ call: FunctionCallExprSyntax, for record: PendingInlineRecord) {
    self.call = call
    closureLabel = record.closureLabel
    labels = [record.closureLabel] + (record.formerClosureLabels ?? [])
    trailingClosureIndex = record.trailingClosureIndex
  }

  /// Where the closure that holds the reference is written.
  private enum Site {
    case argument(Int)
    case trailing
    case extraTrailing(Int)
  }

  private var site: Site? {
    if let index = call.arguments.firstIndex(where: { labels.contains($0.label?.text ?? "") }) {
      return .argument(call.arguments.distance(from: call.arguments.startIndex, to: index))
    }
    if let index = call.additionalTrailingClosures.firstIndex(where: {
      labels.contains($0.label.text)
    }) {
      return .extraTrailing(
        call.additionalTrailingClosures.distance(
          from: call.additionalTrailingClosures.startIndex, to: index))
    }
    return trailingClosureIndex == 0 && call.trailingClosure != nil ? .trailing : nil
  }

  /// The closure that holds the reference, wherever it is written: as a labelled argument,
  /// as the first trailing closure or as a later labelled one.
  var referenceClosure: ClosureExprSyntax? {
    switch site {
    case .argument(let index):
      return call.arguments[call.arguments.index(at: index)].expression.as(ClosureExprSyntax.self)
    case .extraTrailing(let index):
      return call.additionalTrailingClosures[call.additionalTrailingClosures.index(at: index)]
        .closure
    case .trailing: return call.trailingClosure
    case nil: return nil
    }
  }

  /// The text the reference closure returns now, when it is a plain string literal; `nil` when
  /// there is no closure or it computes its text.
  var currentText: String? {
    guard let closure = referenceClosure, closure.statements.count == 1,
      let item = closure.statements.first?.item.as(StringLiteralExprSyntax.self)
    else { return nil }
    return item.representedLiteralValue
  }

  /// Whether the call has the closure at all, whatever it holds.
  var hasClosure: Bool { site != nil }

  /// Where the closure goes, or what goes when it is removed.
  enum Placement {
    /// The present closure, replaced.
    case replace(Range<AbsolutePosition>)
    /// A new closure after the call's last one, or (`before`) in front of a later labelled one.
    case insert(at: AbsolutePosition, label: String?, before: Bool)
    /// The closure (with its label and separator) removed; `leaving` is written in its place.
    case remove(Range<AbsolutePosition>, leaving: String)
  }

  /// - Parameter inserted: closures this rewrite already adds after the call's last one.
  func placement(removing: Bool, inserted: Int = 0) -> Placement? {
    if removing { return removal }
    if let closure = referenceClosure {
      return .replace(
        closure.positionAfterSkippingLeadingTrivia..<closure.endPositionBeforeTrailingTrivia)
    }
    let trailingCount =
      (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count + inserted
    if trailingClosureIndex == trailingCount {
      return .insert(
        at: call.endPositionBeforeTrailingTrivia, label: trailingCount == 0 ? nil : closureLabel,
        before: false)
    }
    // Between the first trailing closure and a later one (a helper's optional output).
    guard inserted == 0, trailingClosureIndex >= 1, trailingClosureIndex < trailingCount else {
      return nil
    }
    let next = call.additionalTrailingClosures[
      call.additionalTrailingClosures.index(at: trailingClosureIndex - 1)]
    return .insert(at: next.positionAfterSkippingLeadingTrivia, label: closureLabel, before: true)
  }

  /// The range that removing the closure takes out, with its label and the separator before it.
  private var removal: Placement? {
    switch site {
    case .argument(let index):
      let arguments = call.arguments
      let argument = arguments[arguments.index(at: index)]
      if index + 1 < arguments.count {
        let next = arguments[arguments.index(at: index + 1)]
        return .remove(
          argument.positionAfterSkippingLeadingTrivia..<next.positionAfterSkippingLeadingTrivia,
          leaving: "")
      }
      let start =
        index == 0
        ? argument.positionAfterSkippingLeadingTrivia
        : arguments[arguments.index(at: index - 1)].expression.endPositionBeforeTrailingTrivia
      return .remove(start..<argument.endPositionBeforeTrailingTrivia, leaving: "")
    case .extraTrailing(let index):
      let extras = call.additionalTrailingClosures
      let previousEnd =
        index == 0
        ? call.trailingClosure?.endPositionBeforeTrailingTrivia
        : extras[extras.index(at: index - 1)].endPositionBeforeTrailingTrivia
      guard let previousEnd else { return nil }
      return .remove(
        previousEnd..<extras[extras.index(at: index)].endPositionBeforeTrailingTrivia, leaving: "")
    case .trailing:
      // A later closure would have to take the first one's place, unlabelled: left to a person.
      guard call.additionalTrailingClosures.isEmpty, let closure = call.trailingClosure else {
        return nil
      }
      if let rightParen = call.rightParen {
        return .remove(
          rightParen.endPositionBeforeTrailingTrivia..<closure.endPositionBeforeTrailingTrivia,
          leaving: "")
      }
      // `f { … }` without parentheses becomes `f()`, still a call.
      return .remove(
        call.calledExpression
          .endPositionBeforeTrailingTrivia..<closure.endPositionBeforeTrailingTrivia,
        leaving: "()")
    case nil:
      return nil
    }
  }
}

extension Collection {
  /// The index `offset` places after the start.
  fileprivate func index(at offset: Int) -> Index { index(startIndex, offsetBy: offset) }
}
