import Foundation

/// What a person writes into a text reference to say what does not matter, and the text that
/// recording keeps.
///
/// - `[..]` matches any text within a line (`took [..] ms`); `[[..]]` is the text `[..]` itself.
/// - A line `...` matches any number of lines, none too.
/// - A placeholder of a kind, numbered (`<UUID-1>`), matches its literal spelling or any value of
///   its kind, the same placeholder the same value and two numbers two values; unnumbered
///   (`<UUID>`, as references recorded before numbering hold them) it matches any one.
///
/// The kinds are the built-in filters' (`UUID`, `date`) and those of the filters in effect that
/// name a placeholder (``SnapshotFilter/regex(_:placeholder:)``).
///
/// A reference is compared with patterns only once its bytes differ from the actual text, and
/// only when it holds one: a reference with none pays nothing.
struct ReferencePatterns {
  /// What each kind's placeholder matches besides its own spelling.
  private let kinds: [String: [NSRegularExpression]]

  init(filters: [SnapshotFilter]) {
    var kinds: [String: [NSRegularExpression]] = [:]
    for filter in SnapshotFilter.placeholderKinds + filters {
      guard let kind = filter.placeholder, case .regex(let pattern) = filter.pattern,
        let expression = try? SnapshotFilter.Compiled.expression(pattern, of: filter)
      else { continue }
      kinds[kind, default: []].append(expression)
    }
    self.kinds = kinds
  }

  /// Whether `reference` may hold a pattern: a cheap scan that a reference without one fails.
  func mayHold(_ reference: String) -> Bool {
    reference.contains("[..]") || reference.contains("...")
      || kinds.keys.contains { reference.contains("<" + $0) }
  }

  /// The actual text as recording keeps it over `reference`; the reference itself when the
  /// two match.
  ///
  /// Each line of the reference that holds a pattern and matches stands for the actual line
  /// (or lines, for `...`) it matches; the rest is the actual text.
  func kept(reference: String, actual: String) -> String {
    let references = Self.lines(reference)
    let actuals = Self.lines(actual)
    var bindings = Bindings()
    if inStep(references, actuals, &bindings) { return reference }
    bindings = Bindings()
    // Lines that are the same pair as the line diff pairs them; the pattern lines pair inside
    // each run of changed lines.
    let diff = LineDiff(old: references, new: actuals)
    var kept: [Substring] = []
    var (r, a) = (0, 0)
    while r < references.count || a < actuals.count {
      if r < references.count, a < actuals.count, !diff.deleted[r], !diff.inserted[a] {
        kept.append(references[r])
        (r, a) = (r + 1, a + 1)
        continue
      }
      let (r0, a0) = (r, a)
      while r < references.count, diff.deleted[r] { r += 1 }
      while a < actuals.count, diff.inserted[a] { a += 1 }
      kept += pair(references[r0..<r], actuals[a0..<a], &bindings)
    }
    return kept.joined(separator: "\n")
  }

  /// Whether the lines match one for one, `...` taking the lines up to the first that matches
  /// the reference line after it: the case of a passing reference, in one pass.
  private func inStep(_ references: [Substring], _ actuals: [Substring], _ bindings: inout Bindings)
    -> Bool
  {
    var a = 0
    for (r, line) in references.enumerated() {
      if Self.isEllipsis(line) {
        guard r + 1 < references.count else { return true }
        while a < actuals.count, !matches(references[r + 1], actuals[a], &bindings) { a += 1 }
        continue
      }
      guard a < actuals.count, matches(line, actuals[a], &bindings) else { return false }
      a += 1
    }
    return a == actuals.count
  }

  /// One run of changed lines, paired by dynamic programming (in order alone when the run is
  /// too large for it): a pattern line that matches keeps its place, a line that does not gives
  /// way to the actual line beside it, and `...` takes the actual lines nothing else pairs.
  private func pair(
    _ references: ArraySlice<Substring>, _ actuals: ArraySlice<Substring>,
    _ bindings: inout Bindings
  ) -> [Substring] {
    let (rs, as_) = (Array(references), Array(actuals))
    guard rs.contains(where: holdsPattern) else { return as_ }
    guard rs.count * as_.count <= 1 << 20 else { return inOrder(rs, as_, &bindings) }
    let width = as_.count + 1
    // best[r * width + a]: the score of rs[r...] against as_[a...]: 2 for a line kept, 1 for
    // one that gives way to an actual line, 0 for a line dropped or taken by `...`.
    var best = [Int](repeating: 0, count: (rs.count + 1) * width)
    func score(_ r: Int, _ a: Int) -> Int { best[r * width + a] }
    func matchesAlone(_ r: Int, _ a: Int) -> Bool {
      var scratch = Bindings()
      return matches(rs[r], as_[a], &scratch)
    }
    for r in stride(from: rs.count - 1, through: 0, by: -1) {
      for a in stride(from: as_.count, through: 0, by: -1) {
        var here = max(score(r + 1, a), a < as_.count ? score(r, a + 1) : 0)
        if Self.isEllipsis(rs[r]) {
          here = max(here, score(r + 1, a) + 2)
        } else if a < as_.count {
          here = max(here, score(r + 1, a + 1) + (matchesAlone(r, a) ? 2 : 1))
        }
        best[r * width + a] = here
      }
    }
    var kept: [Substring] = []
    var (r, a) = (0, 0)
    while r < rs.count || a < as_.count {
      let here = score(r, a)
      if r < rs.count, Self.isEllipsis(rs[r]) {
        if a < as_.count, here == score(r, a + 1) {
          a += 1
        } else {
          kept.append(rs[r])
          r += 1
        }
      } else if r < rs.count, a < as_.count, here == score(r + 1, a + 1) + 2 {
        var tried = bindings
        let keeps = matches(rs[r], as_[a], &tried)
        if keeps { bindings = tried }
        kept.append(keeps ? rs[r] : as_[a])
        (r, a) = (r + 1, a + 1)
      } else if r < rs.count, a < as_.count, here == score(r + 1, a + 1) + 1 {
        kept.append(as_[a])
        (r, a) = (r + 1, a + 1)
      } else if r < rs.count, here == score(r + 1, a) {
        r += 1
      } else {
        kept.append(as_[a])
        a += 1
      }
    }
    return kept
  }

  /// A run too large to pair every line with every other: each pattern line takes the first
  /// actual line after the last taken that it matches.
  private func inOrder(
    _ references: [Substring], _ actuals: [Substring], _ bindings: inout Bindings
  ) -> [Substring] {
    var kept: [Substring] = []
    var a = 0
    for line in references where holdsPattern(line) && !Self.isEllipsis(line) {
      var tried = bindings
      guard let found = actuals[a...].firstIndex(where: { matches(line, $0, &tried) }) else {
        continue
      }
      bindings = tried
      kept += actuals[a..<found] + [line]
      a = found + 1
    }
    return kept + actuals[a...]
  }

  // MARK: - One line

  private enum Segment: Equatable {
    case text(Substring)
    case any
    /// A placeholder: its kind and number (`nil` when it has none), or its literal spelling.
    case placeholder(String, Int?, spelling: Substring)
  }

  /// The value each numbered placeholder stands for, and the number each value has.
  private struct Bindings {
    var values: [String: Substring] = [:]
    var numbers: [String: String] = [:]

    /// Binds `<kind-number>` to `value`: false when either already stands for another.
    mutating func bind(_ kind: String, _ number: Int?, to value: Substring) -> Bool {
      guard let number else { return true }
      let key = "\(kind)-\(number)"
      let valueKey = kind + "\u{0}" + value
      if let bound = values[key] { return bound == value }
      if let other = numbers[valueKey], other != key { return false }
      values[key] = value
      numbers[valueKey] = key
      return true
    }
  }

  private func holdsPattern(_ line: Substring) -> Bool {
    Self.isEllipsis(line) || segments(line).contains { $0 != .text(line) }
  }

  /// Whether the reference line matches the actual line, binding its placeholders.
  private func matches(_ line: Substring, _ actual: Substring, _ bindings: inout Bindings) -> Bool {
    if line == actual { return true }
    guard let bound = match(segments(line)[...], actual, bindings) else { return false }
    bindings = bound
    return true
  }

  private func match(
    _ segments: ArraySlice<Segment>, _ text: Substring, _ bindings: Bindings
  ) -> Bindings? {
    guard let first = segments.first else { return text.isEmpty ? bindings : nil }
    let rest = segments.dropFirst()
    switch first {
    case .text(let literal):
      guard text.hasPrefix(literal) else { return nil }
      return match(rest, text.dropFirst(literal.count), bindings)
    case .any:
      if rest.isEmpty { return bindings }
      var index = text.startIndex
      while true {
        if let bound = match(rest, text[index...], bindings) { return bound }
        guard index < text.endIndex else { return nil }
        index = text.index(after: index)
      }
    case .placeholder(let kind, let number, let spelling):
      for value in values(of: kind, spelling: spelling, at: text) {
        var tried = bindings
        guard tried.bind(kind, number, to: value),
          let bound = match(rest, text.dropFirst(value.count), tried)
        else { continue }
        return bound
      }
      return nil
    }
  }

  /// What a placeholder may stand for at the start of `text`: its own spelling (the filtered
  /// text holds it), or a value of its kind.
  private func values(of kind: String, spelling: Substring, at text: Substring) -> [Substring] {
    var found: [Substring] = []
    if text.hasPrefix(spelling) { found.append(text.prefix(spelling.count)) }
    // An unnumbered placeholder (an older reference's) matches a numbered one of its kind.
    if spelling.last == ">", text.hasPrefix(spelling.dropLast() + "-"),
      let close = text.firstIndex(of: ">"),
      Int(text[text.index(text.startIndex, offsetBy: spelling.count)..<close]) != nil
    {
      found.append(text[...close])
    }
    let string = String(text)
    for expression in kinds[kind] ?? [] {
      guard
        let match = expression.firstMatch(
          in: string, options: .anchored, range: NSRange(string.startIndex..., in: string)),
        match.range.length > 0, let range = Range(match.range, in: string)
      else { continue }
      found.append(text.prefix(string.distance(from: string.startIndex, to: range.upperBound)))
    }
    return found
  }

  /// A reference line as text, `[..]` and placeholders.
  private func segments(_ line: Substring) -> [Segment] {
    var segments: [Segment] = []
    var text = Substring()
    var rest = line
    while let first = rest.first {
      if rest.hasPrefix("[[..]]") {
        text += "[..]"
        rest = rest.dropFirst(6)
      } else if rest.hasPrefix("[..]") {
        if !text.isEmpty { segments.append(.text(text)) }
        segments.append(.any)
        text = ""
        rest = rest.dropFirst(4)
      } else if first == "<", let (placeholder, length) = placeholder(at: rest) {
        if !text.isEmpty { segments.append(.text(text)) }
        segments.append(placeholder)
        text = ""
        rest = rest.dropFirst(length)
      } else {
        text.append(first)
        rest = rest.dropFirst()
      }
    }
    if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
    return segments
  }

  /// `<kind>` or `<kind-N>` of a known kind at the start of `text`, and its length.
  private func placeholder(at text: Substring) -> (Segment, Int)? {
    guard let close = text.firstIndex(of: ">") else { return nil }
    let inside = text[text.index(after: text.startIndex)..<close]
    let spelling = text[...close]
    if kinds[String(inside)] != nil {
      return (.placeholder(String(inside), nil, spelling: spelling), spelling.count)
    }
    guard let dash = inside.lastIndex(of: "-"), kinds[String(inside[..<dash])] != nil,
      let number = Int(inside[inside.index(after: dash)...]), number > 0
    else { return nil }
    return (.placeholder(String(inside[..<dash]), number, spelling: spelling), spelling.count)
  }

  private static func isEllipsis(_ line: Substring) -> Bool {
    line.trimmingCharacters(in: .whitespaces) == "..."
  }

  private static func lines(_ text: String) -> [Substring] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      Substring($0)
    }
  }
}
