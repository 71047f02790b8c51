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
/// only when it holds one: a reference with none pays nothing. Lines are compared as bytes, and
/// a line is parsed for patterns only when it holds a `[` or a `<`.
struct ReferencePatterns {
  /// What each kind's placeholder matches besides its own spelling.
  let kinds: [String: [NSRegularExpression]]
  /// What starts a placeholder: `<` and a kind's name.
  let placeholderStarts: [[UInt8]]

  init(filters: [SnapshotFilter]) {
    var kinds = Self.builtIn
    for filter in filters where !SnapshotFilter.placeholderKinds.contains(filter) {
      Self.add(filter, to: &kinds)
    }
    self.kinds = kinds
    placeholderStarts =
      kinds.count == Self.builtIn.count
      ? Self.builtInStarts : Self.placeholderStarts(kinds: kinds.keys)
  }

  private static func placeholderStarts(kinds: some Sequence<String>) -> [[UInt8]] {
    kinds.map { [Byte.less] + Array($0.utf8) }
  }

  /// The built-in filters' kinds, compiled once.
  private static let builtIn = SnapshotFilter.placeholderKinds.reduce(into: [:]) {
    add($1, to: &$0)
  }
  private static let builtInStarts = placeholderStarts(kinds: builtIn.keys)

  private static func add(_ filter: SnapshotFilter, to kinds: inout [String: [NSRegularExpression]])
  {
    guard let kind = filter.placeholder, case .regex(let pattern) = filter.pattern,
      let expression = try? SnapshotFilter.Compiled.expression(pattern, of: filter)
    else { return }
    kinds[kind, default: []].append(expression)
  }

  /// Whether `reference` may hold a pattern or a literal form: `[..]`, `...`, `<[[`, or `<` and
  /// a kind's name, looked for with `memchr` and `memcmp`, as fast in a debug build as in a
  /// release one.
  func mayHold(_ reference: String) -> Bool {
    var reference = reference
    return reference.withUTF8 { text in
      ([Byte.anyPattern, Byte.ellipsis, Byte.escapedPlaceholder] + placeholderStarts).contains {
        Self.find($0, in: text, from: 0) != nil
      }
    }
  }

  /// Where `needle` first stands in `text` at or after `from`, and before `end`.
  static func find(
    _ needle: [UInt8], in text: Bytes, from: Int, before end: Int? = nil
  ) -> Int? {
    guard let base = text.baseAddress, let first = needle.first else { return nil }
    let end = min(end ?? text.count, text.count)
    var start = from
    while start + needle.count <= end,
      let found = memchr(base + start, Int32(first), end - start - needle.count + 1)
    {
      let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + offset, needle, needle.count) == 0 { return offset }
      start = offset + 1
    }
    return nil
  }

  /// The actual text as recording keeps it over `reference` (`nil` when there is none): the
  /// reference itself when the two match.
  ///
  /// Each line of the reference that holds a pattern and matches stands for the actual line
  /// (or lines, for `...`) it matches; the rest is the actual text in its literal form
  /// (``literal(_:placeholders:)``, with the placeholders the filters wrote).
  func kept(reference: String?, actual: String, placeholders: [Range<Int>]) -> String {
    let literal = literal(actual, placeholders: placeholders)
    guard let reference, mayHold(reference) else { return literal }
    var (referenceText, actualText) = (reference, actual)
    let passing = referenceText.withUTF8 { r in actualText.withUTF8 { a in passes(r, a) } }
    if passing == true { return reference }
    let references = TextLines(reference)
    let actuals = TextLines(actual)
    // The same lines as recorded: a literal form changes no line break.
    let literals = TextLines(literal)
    var bindings = Bindings()
    // Lines that are the same pair as the line diff pairs them; the pattern lines pair inside
    // each run of changed lines.
    var kept: [Line] = []
    var same = 0
    for (removed, added) in LineDiff(old: references, new: literals).changes {
      kept += (same..<removed.lowerBound).map(Line.reference)
      kept += pair(removed, added, references, actuals, &bindings)
      same = removed.upperBound
    }
    kept += (same..<references.count).map(Line.reference)
    var text: [UInt8] = []
    for (index, line) in kept.enumerated() {
      if index > 0 { text.append(Byte.newline) }
      switch line {
      case .reference(let r): text += references.bytes[references.ranges[r]]
      case .actual(let a): text += literals.bytes[literals.ranges[a]]
      }
    }
    if actuals.endsWithNewline { text.append(Byte.newline) }
    return String(decoding: text, as: UTF8.self)
  }

  /// A line of the kept text: the reference's, or the actual text's.
  enum Line {
    case reference(Int)
    case actual(Int)
  }

  /// Whether the texts match: the case of a passing reference, in one pass over the bytes where
  /// they are (the reference file's, before it is decoded; the actual string's storage).
  ///
  /// `...` takes the lines up to the first that matches the reference line after it. The
  /// stretches of the reference between its patterns are compared with the actual bytes by
  /// `memcmp`, so a reference of a thousand lines and a hundred patterns costs a hundred line
  /// matches.
  /// `nil` when the reference holds no pattern.
  func passes(_ reference: Data, _ actual: String) -> Bool? {
    var actual = actual
    return actual.withUTF8 { actual in
      reference.withUnsafeBytes { passes($0.bindMemory(to: UInt8.self), actual) }
    }
  }

  private func passes(_ reference: Bytes, _ actual: Bytes) -> Bool? {
    let found = patterns(in: reference)
    if found.isEmpty { return nil }
    var bindings = Bindings()
    var (r, a) = (0, 0)
    // Index loops and a struct rather than `enumerated()` and tuples: a debug build, where
    // tests run, pays for each generic step.
    var index = 0
    while index < found.count {
      let pattern = found[index]
      index += 1
      if pattern.start < r { continue }
      // The literal stretch before the pattern, compared as bytes.
      let length = pattern.start - r
      guard a + length <= actual.count, Self.same(reference, r, actual, a, count: length) else {
        return false
      }
      (r, a) = (pattern.start, a + length)
      let end = Self.lineEnd(reference, from: r)
      guard pattern.isEllipsis else {
        // The rest of the line, from the pattern on: as a glob when its patterns, all found
        // already, are `[..]`s.
        let actualEnd = Self.lineEnd(actual, from: a)
        var (last, wildcards) = (index - 1, true)
        while last < found.count, found[last].start < end {
          let start = found[last].start
          if reference[start] != Byte.bracket || reference[start + 1] != Byte.dot {
            wildcards = false
          }
          last += 1
        }
        let line = r..<end
        let actualLine = a..<actualEnd
        guard
          wildcards
            ? Self.glob(reference, line, wildcards: found, index - 1..<last, actual, actualLine)
            : matches(reference, line, actual, actualLine, &bindings)
        else { return false }
        (r, a) = (end, actualEnd)
        continue
      }
      guard end < reference.count else { return true }
      // The lines up to the first that matches the next reference line.
      let next = end + 1..<Self.lineEnd(reference, from: end + 1)
      var line = a
      while !matches(reference, next, actual, line..<Self.lineEnd(actual, from: line), &bindings) {
        line = Self.lineEnd(actual, from: line) + 1
        guard line <= actual.count else { return false }
      }
      (r, a) = (end + 1, line)
    }
    return reference.count - r == actual.count - a
      && Self.same(reference, r, actual, a, count: reference.count - r)
  }

  /// Where a pattern of a reference starts, and whether it is a `...` line (then its line's
  /// start).
  struct PatternStart {
    let start: Int
    let isEllipsis: Bool
  }

  /// Where the reference's patterns start, in order.
  ///
  /// `[..]`, `[[..]]`, `...` and `[[...]]` are found by their first dot, placeholders and their
  /// literal forms by their `<`: one `memchr` for each, as a hundred patterns in a reference
  /// that passes ask.
  private func patterns(in text: Bytes) -> [PatternStart] {
    var found: [PatternStart] = []
    var from = 0
    while let dot = Self.firstIndex(of: Byte.dot, in: text, from..<text.count) {
      from = dot + 1
      // Read byte by byte rather than with `has`: this runs for every pattern of a passing
      // reference.
      func byte(_ offset: Int) -> UInt8? { text.indices.contains(offset) ? text[offset] : nil }
      if byte(dot - 1) == Byte.bracket, byte(dot + 1) == Byte.dot, byte(dot + 2) == Byte.closing {
        // `[[..]]` starts at its first bracket.
        let escaped = byte(dot - 2) == Byte.bracket && byte(dot + 3) == Byte.closing
        found.append(PatternStart(start: escaped ? dot - 2 : dot - 1, isEllipsis: false))
        from = dot + 3
      } else if byte(dot + 1) == Byte.dot, byte(dot + 2) == Byte.dot {
        // A line `...`, or its literal form `[[...]]`: compared as a line of text.
        var start = dot
        while start > 0, text[start - 1] == Byte.bracket { start -= 1 }
        while start > 0, text[start - 1] == Byte.space || text[start - 1] == Byte.tab {
          start -= 1
        }
        if start == 0 || text[start - 1] == Byte.newline,
          let line = Self.ellipsisLine(text, start..<Self.lineEnd(text, from: start)),
          line.brackets != 1
        {
          found.append(PatternStart(start: start, isEllipsis: line.brackets == 0))
        }
        from = dot + 3
      }
    }
    // Found by their dots, the patterns so far are in order; placeholders may fall between.
    let byDots = found.count
    from = 0
    while let less = Self.firstIndex(of: Byte.less, in: text, from..<text.count) {
      from = less + 1
      if Self.has(Byte.escapedPlaceholder, in: text, at: less)
        || placeholderStarts.contains(where: { Self.has($0, in: text, at: less) })
      {
        found.append(PatternStart(start: less, isEllipsis: false))
      }
    }
    return byDots == found.count ? found : found.sorted { $0.start < $1.start }
  }

  /// One run of changed lines, paired by dynamic programming (in order alone when the run is
  /// too large for it): a pattern line that matches keeps its place, a line that does not gives
  /// way to the actual line beside it, and `...` takes the actual lines nothing else pairs.
  private func pair(
    _ rs: Range<Int>, _ actualRun: Range<Int>, _ references: TextLines, _ actuals: TextLines,
    _ bindings: inout Bindings
  ) -> [Line] {
    guard rs.contains(where: { holdsPattern(references, $0) }) else {
      return actualRun.map(Line.actual)
    }
    guard rs.count * actualRun.count <= 1 << 20 else {
      return inOrder(rs, actualRun, references, actuals, &bindings)
    }
    let width = actualRun.count + 1
    // best[r * width + a], offsets into the runs: the score of the rest. 2 for a line kept, 1
    // for one that gives way to an actual line, 0 for a line dropped or taken by `...`.
    var best = [Int](repeating: 0, count: (rs.count + 1) * width)
    func score(_ r: Int, _ a: Int) -> Int { best[r * width + a] }
    func ellipsis(_ r: Int) -> Bool {
      Self.isEllipsis(references, rs.lowerBound + r)
    }
    func matchesAlone(_ r: Int, _ a: Int) -> Bool {
      var scratch = Bindings()
      return matches(references, rs.lowerBound + r, actuals, actualRun.lowerBound + a, &scratch)
    }
    for r in stride(from: rs.count - 1, through: 0, by: -1) {
      for a in stride(from: actualRun.count, through: 0, by: -1) {
        var here = max(score(r + 1, a), a < actualRun.count ? score(r, a + 1) : 0)
        if ellipsis(r) {
          here = max(here, score(r + 1, a) + 2)
        } else if a < actualRun.count {
          here = max(here, score(r + 1, a + 1) + (matchesAlone(r, a) ? 2 : 1))
        }
        best[r * width + a] = here
      }
    }
    var kept: [Line] = []
    var (r, a) = (0, 0)
    while r < rs.count || a < actualRun.count {
      let here = score(r, a)
      if r < rs.count, ellipsis(r) {
        if a < actualRun.count, here == score(r, a + 1) {
          a += 1
        } else {
          kept.append(.reference(rs.lowerBound + r))
          r += 1
        }
      } else if r < rs.count, a < actualRun.count, here == score(r + 1, a + 1) + 2 {
        var tried = bindings
        let keeps = matches(
          references, rs.lowerBound + r, actuals, actualRun.lowerBound + a, &tried)
        if keeps { bindings = tried }
        kept.append(keeps ? .reference(rs.lowerBound + r) : .actual(actualRun.lowerBound + a))
        (r, a) = (r + 1, a + 1)
      } else if r < rs.count, a < actualRun.count, here == score(r + 1, a + 1) + 1 {
        kept.append(.actual(actualRun.lowerBound + a))
        (r, a) = (r + 1, a + 1)
      } else if r < rs.count, here == score(r + 1, a) {
        r += 1
      } else {
        kept.append(.actual(actualRun.lowerBound + a))
        a += 1
      }
    }
    return kept
  }

  /// A run too large to pair every line with every other: each pattern line takes the first
  /// actual line after the last taken that it matches.
  private func inOrder(
    _ rs: Range<Int>, _ actualRun: Range<Int>, _ references: TextLines, _ actuals: TextLines,
    _ bindings: inout Bindings
  ) -> [Line] {
    var kept: [Line] = []
    var a = actualRun.lowerBound
    for r in rs
    where holdsPattern(references, r) && !Self.isEllipsis(references, r) {
      var tried = bindings
      guard
        let found = (a..<actualRun.upperBound).first(where: {
          matches(references, r, actuals, $0, &tried)
        })
      else { continue }
      bindings = tried
      kept += (a..<found).map(Line.actual) + [.reference(r)]
      a = found + 1
    }
    return kept + (a..<actualRun.upperBound).map(Line.actual)
  }
}
