import Foundation

extension SnapshotFilter {
  /// A filtered text, and where the filters wrote their placeholders in it (`<UUID-1>`,
  /// `<UUID>`), as UTF-8 offsets in order: recording writes those as placeholders and the same
  /// spelling anywhere else in its literal form (``ReferencePatterns/literal(_:placeholders:)``).
  struct Filtered {
    var text: String
    var placeholders: [Range<Int>] = []

    /// The text with `matches` of `filter` replaced.
    ///
    /// Numbered from `numbers` when given, else by the filter's template. A placeholder
    /// filter's replacements are placeholders; one that an earlier filter wrote stays one
    /// unless a match covers some of it.
    func replacing(
      _ matches: [NSTextCheckingResult], of expression: NSRegularExpression,
      by filter: SnapshotFilter, numbers: PlaceholderNumbers?
    ) -> Filtered {
      var replaced = Filtered(text: "")
      var earlier = placeholders[...]
      var last = text.startIndex
      func offset(_ index: String.Index) -> Int {
        text.utf8.distance(from: text.startIndex, to: index)
      }
      // The earlier placeholders before `start` move with the text after `last`; those up to
      // `end`, which a match covers, are gone.
      func carry(before start: Int, covered end: Int) {
        let shift = replaced.text.utf8.count - offset(last)
        while let next = earlier.first, next.lowerBound < end {
          earlier.removeFirst()
          if next.upperBound <= start {
            replaced.placeholders.append(next.lowerBound + shift..<next.upperBound + shift)
          }
        }
      }
      for match in matches {
        // A group named `value` is what is replaced; the rest of the match stays.
        let value = match.range(withName: "value")
        guard let found = Range(value.location == NSNotFound ? match.range : value, in: text)
        else { continue }
        carry(before: offset(found.lowerBound), covered: offset(found.upperBound))
        replaced.text += text[last..<found.lowerBound]
        let replacement =
          if let numbers, let kind = filter.placeholder {
            "<\(kind)-\(numbers.number(of: String(text[found]), kind: kind))>"
          } else {
            expression.replacementString(
              for: match, in: text, offset: 0, template: filter.replacement)
          }
        if filter.placeholder != nil {
          let start = replaced.text.utf8.count
          replaced.placeholders.append(start..<start + replacement.utf8.count)
        }
        replaced.text += replacement
        last = found.upperBound
      }
      carry(before: Int.max, covered: Int.max)
      replaced.text += text[last...]
      return replaced
    }
  }
}
