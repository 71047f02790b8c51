import Foundation

/// A failure in which only the numbers of one kind's placeholders changed: values that were
/// equal now differ (`<date-1>` twice, now `<date-1>` and `<date-2>`), or the reverse.
///
/// Numbering says which values are equal; for values that are equal in one run and not in the
/// next (timestamps with second precision made in one go, on either side of a second), that is
/// what fails, and the flat filter is the fix.
struct PlaceholderRenumbering: Sendable, Equatable {
  /// The placeholders' kind: `date`.
  var kind: String
  /// Places that had one number now have two or more.
  var split: Bool
  /// Places that had two or more numbers now have one.
  var merged: Bool
  /// The filters that number the kind, written flat as code: `.iso8601Dates.flat`.
  var flat: [String]

  /// The kinds whose numbering alone tells `reference` from `actual`: none when anything else
  /// differs too.
  static func between(reference: String, actual: String, filters: [SnapshotFilter])
    -> [PlaceholderRenumbering]
  {
    let numbering = filters.filter { $0.placeholder != nil && $0.numbers }
    let kinds = Set(numbering.compactMap(\.placeholder)).sorted()
    guard !kinds.isEmpty,
      let expression = try? NSRegularExpression(
        pattern: "<("
          + kinds.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
          + ")-([0-9]+)>")
    else { return [] }
    let (before, after) = (numbered(reference, expression), numbered(actual, expression))
    guard before.flat == after.flat else { return [] }
    return kinds.compactMap { kind in
      var (forward, backward) = ([String: Set<String>](), [String: Set<String>]())
      for (old, new) in zip(before.numbers, after.numbers) where old.kind == kind {
        forward[old.number, default: []].insert(new.number)
        backward[new.number, default: []].insert(old.number)
      }
      let split = forward.values.contains { $0.count > 1 }
      let merged = backward.values.contains { $0.count > 1 }
      guard split || merged else { return nil }
      return PlaceholderRenumbering(
        kind: kind, split: split, merged: merged,
        flat: numbering.filter { $0.placeholder == kind }.map(flatSpelling))
    }
  }

  /// The text with every numbered placeholder unnumbered, and the kinds and numbers in order.
  private static func numbered(_ text: String, _ expression: NSRegularExpression) -> (
    flat: String, numbers: [(kind: String, number: String)]
  ) {
    let nsText = text as NSString
    let matches = expression.matches(in: text, range: NSRange(location: 0, length: nsText.length))
    let numbers = matches.map {
      (
        kind: nsText.substring(with: $0.range(at: 1)),
        number: nsText.substring(with: $0.range(at: 2))
      )
    }
    let flat = expression.stringByReplacingMatches(
      in: text, range: NSRange(location: 0, length: nsText.length), withTemplate: "<$1>")
    return (flat, numbers)
  }

  private static func flatSpelling(_ filter: SnapshotFilter) -> String {
    switch filter {
    case .uuids: return ".uuids.flat"
    case .iso8601Dates: return ".iso8601Dates.flat"
    case .httpDates: return ".httpDates.flat"
    default:
      guard case .regex(let pattern) = filter.pattern, let kind = filter.placeholder else {
        return filter.name
      }
      return ".regex(#\"\(pattern)\"#, placeholder: \"\(kind)\").flat"
    }
  }
}
