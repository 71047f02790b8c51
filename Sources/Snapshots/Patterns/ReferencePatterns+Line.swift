import Foundation

/// One line of a reference against one line of the actual text: `[..]` as a glob, or the line
/// taken apart into text, `[..]` and placeholders and matched with its placeholders bound; and
/// the byte operations both files use (`memchr`, `memcmp`), as fast in a debug build as in a
/// release one.
extension ReferencePatterns {
  /// Text as its UTF-8 bytes, read in place: a file's `Data`, a `String`'s storage.
  typealias Bytes = UnsafeBufferPointer<UInt8>

  enum Segment {
    case text([UInt8])
    case any
    /// A placeholder: its kind and number (`nil` when it has none), and its spelling.
    case placeholder(String, Int?, spelling: [UInt8])
  }

  /// The value each numbered placeholder stands for, and the placeholder each value is.
  struct Bindings {
    var values: [String: [UInt8]] = [:]
    var placeholders: [[UInt8]: String] = [:]

    /// Binds `<kind-number>` to `value`: false when either already stands for another.
    mutating func bind(_ kind: String, _ number: Int?, to value: Slice<Bytes>) -> Bool {
      guard let number else { return true }
      let key = "\(kind)-\(number)"
      let value = Array(kind.utf8) + [0] + value
      if let bound = values[key] { return bound == value }
      if let other = placeholders[value], other != key { return false }
      values[key] = value
      placeholders[value] = key
      return true
    }
  }

  func holdsPattern(_ lines: TextLines, _ index: Int) -> Bool {
    let range = lines.ranges[index]
    return lines.bytes.withUnsafeBufferPointer { bytes in
      if Self.isEllipsis(bytes, range) { return true }
      guard let segments = segments(bytes, range) else { return false }
      return !(segments.count == 1 && { if case .text = segments[0] { true } else { false } }())
    }
  }

  func matches(
    _ references: TextLines, _ r: Int, _ actuals: TextLines, _ a: Int, _ bindings: inout Bindings
  ) -> Bool {
    references.bytes.withUnsafeBufferPointer { reference in
      actuals.bytes.withUnsafeBufferPointer { actual in
        matches(reference, references.ranges[r], actual, actuals.ranges[a], &bindings)
      }
    }
  }

  /// Whether a reference line matches an actual line, binding its placeholders.
  func matches(
    _ reference: Bytes, _ line: Range<Int>, _ actual: Bytes, _ actualLine: Range<Int>,
    _ bindings: inout Bindings
  ) -> Bool {
    if line.count == actualLine.count,
      Self.same(reference, line.lowerBound, actual, actualLine.lowerBound, count: line.count)
    {
      return true
    }
    if let matched = Self.glob(reference, line, actual, actualLine) { return matched }
    guard let segments = segments(reference, line),
      let bound = match(
        segments[...], actual, actualLine.lowerBound, actualLine.upperBound, bindings)
    else { return false }
    bindings = bound
    return true
  }

  private func match(
    _ segments: ArraySlice<Segment>, _ bytes: Bytes, _ start: Int, _ end: Int,
    _ bindings: Bindings
  ) -> Bindings? {
    guard let first = segments.first else { return start == end ? bindings : nil }
    let rest = segments.dropFirst()
    switch first {
    case .text(let literal):
      guard Self.has(literal, in: bytes, at: start, before: end) else { return nil }
      return match(rest, bytes, start + literal.count, end, bindings)
    case .any:
      if rest.isEmpty { return bindings }
      // Text last: it ends the line. Text before more: its first place is the one to try first.
      if case .text(let literal) = rest.first, rest.count == 1 {
        guard end - start >= literal.count, Self.has(literal, in: bytes, at: end - literal.count)
        else { return nil }
        return bindings
      }
      for next in start...end {
        if let bound = match(rest, bytes, next, end, bindings) { return bound }
      }
      return nil
    case .placeholder(let kind, let number, let spelling):
      for length in lengths(of: kind, spelling: spelling, in: bytes, at: start, before: end) {
        var tried = bindings
        guard tried.bind(kind, number, to: bytes[start..<start + length]),
          let bound = match(rest, bytes, start + length, end, tried)
        else { continue }
        return bound
      }
      return nil
    }
  }

  /// Whether a line whose only patterns are `[..]` matches, without taking it apart; `nil` for
  /// a line with a placeholder or `[[..]]`, or with no `[..]`.
  private static func glob(
    _ reference: Bytes, _ line: Range<Int>, _ actual: Bytes, _ actualLine: Range<Int>
  ) -> Bool? {
    guard firstIndex(of: Byte.less, in: reference, line) == nil else { return nil }
    var (wildcards, escaped, from) = ([PatternStart](), false, line.lowerBound)
    while let next = nextWildcard(reference, from..<line.upperBound, escaped: &escaped) {
      wildcards.append(PatternStart(start: next, isEllipsis: false))
      from = next + Byte.anyPattern.count
    }
    guard !escaped, !wildcards.isEmpty else { return nil }
    return glob(reference, line, wildcards: wildcards, wildcards.indices, actual, actualLine)
  }

  /// Whether a line whose only patterns are the `[..]`s at `wildcards[indices]` matches.
  ///
  /// Its first text starts the actual line, its last ends it, and each other stands at its
  /// first place after the one before.
  static func glob(
    _ reference: Bytes, _ line: Range<Int>, wildcards: [PatternStart], _ indices: Range<Int>,
    _ actual: Bytes, _ actualLine: Range<Int>
  ) -> Bool {
    var (r, a) = (line.lowerBound, actualLine.lowerBound)
    var index = indices.lowerBound
    while index < indices.upperBound {
      let wildcard = wildcards[index].start
      let count = wildcard - r
      var found = a
      // The first text at the start; one between two at its first place after the last.
      while found + count <= actualLine.upperBound, !same(reference, r, actual, found, count: count)
      {
        guard index > indices.lowerBound else { return false }
        found += 1
      }
      index += 1
      guard found + count <= actualLine.upperBound else { return false }
      (r, a) = (wildcard + Byte.anyPattern.count, found + count)
    }
    // The last text: at the end.
    let count = line.upperBound - r
    return count <= actualLine.upperBound - a
      && same(reference, r, actual, actualLine.upperBound - count, count: count)
  }

  /// Where the next `[..]` in `range` starts, one `memchr` per `[`.
  ///
  /// A `[[..]]` before it sets `escaped` and ends the search.
  private static func nextWildcard(_ bytes: Bytes, _ range: Range<Int>, escaped: inout Bool)
    -> Int?
  {
    var from = range.lowerBound
    while let bracket = firstIndex(of: Byte.bracket, in: bytes, from..<range.upperBound) {
      if has(Byte.escapedAny, in: bytes, at: bracket, before: range.upperBound) {
        escaped = true
        return nil
      }
      if has(Byte.anyPattern, in: bytes, at: bracket, before: range.upperBound) { return bracket }
      from = bracket + 1
    }
    return nil
  }

  /// The lengths a placeholder may take at `start`: its own spelling (the filtered text holds
  /// it), a numbered one of its kind for an unnumbered one, or a value of its kind.
  private func lengths(
    of kind: String, spelling: [UInt8], in bytes: Bytes, at start: Int, before end: Int
  ) -> [Int] {
    var found: [Int] = []
    if Self.has(spelling, in: bytes, at: start, before: end) { found.append(spelling.count) }
    // An unnumbered placeholder (an older reference's) matches a numbered one of its kind.
    let numbered = spelling.dropLast() + [Byte.dash]
    if spelling.last == Byte.greater, Self.has(Array(numbered), in: bytes, at: start, before: end) {
      var close = start + numbered.count
      while close < end, (Byte.zero...Byte.nine).contains(bytes[close]) { close += 1 }
      if close > start + numbered.count, close < end, bytes[close] == Byte.greater {
        found.append(close + 1 - start)
      }
    }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    for expression in kinds[kind] ?? [] {
      guard
        let match = expression.firstMatch(
          in: text, options: .anchored, range: NSRange(text.startIndex..., in: text)),
        match.range.length > 0, let range = Range(match.range, in: text)
      else { continue }
      found.append(text.utf8.distance(from: text.startIndex, to: range.upperBound))
    }
    return found
  }

  /// A reference line as text, `[..]` and placeholders, a literal form read as the text it
  /// stands for; `nil` for a line with neither `[` nor `<`, which is text alone.
  private func segments(_ bytes: Bytes, _ range: Range<Int>) -> [Segment]? {
    func next(after position: Int) -> Int? {
      [Byte.bracket, Byte.less].compactMap {
        Self.firstIndex(of: $0, in: bytes, position..<range.upperBound)
      }.min()
    }
    guard next(after: range.lowerBound) != nil else { return nil }
    if let ellipsis = Self.ellipsisLine(bytes, range), ellipsis.brackets >= 2 {
      return [
        .text(
          Self.bracketed(
            bytes, range, core: ellipsis.core, own: ellipsis.brackets,
            pairs: Self.unescaped(ellipsis.brackets)))
      ]
    }
    var segments: [Segment] = []
    var text: [UInt8] = []
    var position = range.lowerBound
    func flush() {
      if !text.isEmpty { segments.append(.text(text)) }
      text = []
    }
    while position < range.upperBound {
      // Up to the next `[` or `<` at once.
      let special = next(after: position) ?? range.upperBound
      text += bytes[position..<special]
      position = special
      if position == range.upperBound { break }
      if Self.has(Byte.escapedAny, in: bytes, at: position, before: range.upperBound) {
        text += Byte.anyPattern
        position += Byte.escapedAny.count
      } else if Self.has(Byte.anyPattern, in: bytes, at: position, before: range.upperBound) {
        flush()
        segments.append(.any)
        position += Byte.anyPattern.count
      } else if bytes[position] == Byte.less,
        let token = placeholderToken(bytes, at: position, before: range.upperBound),
        token.brackets != 1
      {
        let spelling = position..<position + token.length
        if token.brackets == 0 {
          flush()
          segments.append(
            .placeholder(token.kind, token.number, spelling: Array(bytes[spelling])))
        } else {
          text += Self.bracketed(
            bytes, spelling, core: position + 1..<spelling.upperBound - 1, own: token.brackets,
            pairs: Self.unescaped(token.brackets))
        }
        position = spelling.upperBound
      } else {
        text.append(bytes[position])
        position += 1
      }
    }
    flush()
    return segments.isEmpty ? [.text([])] : segments
  }

  // MARK: - Bytes

  enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let bracket = UInt8(ascii: "[")
    static let closing = UInt8(ascii: "]")
    static let dot = UInt8(ascii: ".")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let dash = UInt8(ascii: "-")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let anyPattern = Array("[..]".utf8)
    static let escapedAny = Array("[[..]]".utf8)
    static let ellipsis = Array("...".utf8)
    /// What starts a placeholder's literal form.
    static let escapedPlaceholder = Array("<[[".utf8)
  }

  /// Whether `pattern` stands in `bytes` at `start`, before `end`.
  static func has(
    _ pattern: [UInt8], in bytes: Bytes, at start: Int, before end: Int? = nil
  ) -> Bool {
    guard start >= 0, start + pattern.count <= end ?? bytes.count else { return false }
    return pattern.withUnsafeBufferPointer { same($0, 0, bytes, start, count: pattern.count) }
  }

  /// Whether `count` bytes of `x` at `i` are those of `y` at `j`.
  static func same(_ x: Bytes, _ i: Int, _ y: Bytes, _ j: Int, count: Int) -> Bool {
    guard count > 0 else { return true }
    guard let x = x.baseAddress, let y = y.baseAddress else { return false }
    return memcmp(x + i, y + j, count) == 0
  }

  /// Where `byte` first stands in `range` of `bytes`.
  static func firstIndex(of byte: UInt8, in bytes: Bytes, _ range: Range<Int>) -> Int? {
    let count = range.upperBound - range.lowerBound
    guard count > 0, let base = bytes.baseAddress,
      let found = memchr(base + range.lowerBound, Int32(byte), count)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: found)
  }

  /// Where the line that starts at `start` ends: its newline, or the end of the text.
  static func lineEnd(_ bytes: Bytes, from start: Int) -> Int {
    guard start < bytes.count else { return bytes.count }
    return firstIndex(of: Byte.newline, in: bytes, start..<bytes.count) ?? bytes.count
  }

  static func isEllipsis(_ lines: TextLines, _ index: Int) -> Bool {
    lines.bytes.withUnsafeBufferPointer { isEllipsis($0, lines.ranges[index]) }
  }

  /// Whether the line is `...`, spaces and tabs around it.
  static func isEllipsis(_ bytes: Bytes, _ range: Range<Int>) -> Bool {
    ellipsisLine(bytes, range)?.brackets == 0
  }
}
