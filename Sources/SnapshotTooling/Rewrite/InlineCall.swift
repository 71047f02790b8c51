@_spi(Tooling) import Snapshots
import SnapshotsSwiftReader

/// One call that holds an inline snapshot, and the closure its descriptor names.
struct InlineCall {
  var call: SwiftCalls.Call
  var closureLabel: String
  /// The label first, then the helper's former labels.
  var labels: [String]
  var trailingClosureIndex: Int

  /// The call, with the closure a pending record names.
  init(_ call: SwiftCalls.Call, for record: PendingInlineRecord) {
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
    if let index = call.arguments.firstIndex(where: { labels.contains($0.label ?? "") }) {
      return .argument(index)
    }
    if let index = call.additionalTrailingClosures.firstIndex(where: {
      labels.contains($0.label ?? "")
    }) {
      return .extraTrailing(index)
    }
    return trailingClosureIndex == 0 && call.trailingClosure != nil ? .trailing : nil
  }

  /// The closure that holds the reference, wherever it is written: as a labelled argument,
  /// as the first trailing closure or as a later labelled one.
  var referenceClosure: SwiftCalls.Closure? {
    switch site {
    case .argument(let index): return call.arguments[index].closure
    case .extraTrailing(let index): return call.additionalTrailingClosures[index]
    case .trailing: return call.trailingClosure
    case nil: return nil
    }
  }

  /// The text the reference closure returns now, when it is a plain string literal; `nil` when
  /// there is no closure or it computes its text.
  var currentText: String? { referenceClosure?.literal?.value }

  /// Whether the call has the closure at all, whatever it holds.
  var hasClosure: Bool { site != nil }

  /// Whether the call already holds `text`, or (`nil`) has no closure for the reference.
  func holds(_ text: String?) -> Bool {
    text == nil ? !hasClosure : currentText == text
  }

  /// Where the closure goes, or what goes when it is removed (UTF-8 offsets).
  enum Placement {
    /// The present closure, replaced.
    case replace(Range<Int>)
    /// A new closure after the call's last one, or (`before`) in front of a later labelled one.
    case insert(at: Int, label: String?, before: Bool)
    /// The closure (with its label and separator) removed; `leaving` is written in its place.
    case remove(Range<Int>, leaving: String)
  }

  /// - Parameter inserted: closures this rewrite already adds after the call's last one.
  func placement(removing: Bool, inserted: Int = 0) -> Placement? {
    if removing { return removal }
    if let closure = referenceClosure { return .replace(closure.start..<closure.end) }
    let trailingCount =
      (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count + inserted
    if trailingClosureIndex == trailingCount {
      return .insert(
        at: call.end, label: trailingCount == 0 ? nil : closureLabel, before: false)
    }
    // Between the first trailing closure and a later one (a helper's optional output).
    guard inserted == 0, trailingClosureIndex >= 1, trailingClosureIndex < trailingCount else {
      return nil
    }
    let next = call.additionalTrailingClosures[trailingClosureIndex - 1]
    return .insert(at: next.labelStart ?? next.start, label: closureLabel, before: true)
  }

  /// The range that removing the closure takes out, with its label and the separator before it.
  private var removal: Placement? {
    switch site {
    case .argument(let index):
      let arguments = call.arguments
      if index + 1 < arguments.count {
        return .remove(arguments[index].start..<arguments[index + 1].start, leaving: "")
      }
      let start = index == 0 ? arguments[index].start : arguments[index - 1].expressionEnd
      return .remove(start..<arguments[index].end, leaving: "")
    case .extraTrailing(let index):
      let extras = call.additionalTrailingClosures
      let previousEnd = index == 0 ? call.trailingClosure?.end : extras[index - 1].end
      guard let previousEnd else { return nil }
      return .remove(previousEnd..<extras[index].end, leaving: "")
    case .trailing:
      // A later closure would have to take the first one's place, unlabelled: left to a person.
      guard call.additionalTrailingClosures.isEmpty, let closure = call.trailingClosure else {
        return nil
      }
      if let rightParenEnd = call.rightParenEnd {
        return .remove(rightParenEnd..<closure.end, leaving: "")
      }
      // `f { … }` without parentheses becomes `f()`, still a call.
      return .remove(call.calleeEnd..<closure.end, leaving: "()")
    case nil:
      return nil
    }
  }
}
