import Foundation

/// What reads as a pattern, and its literal form: the one place that says both, so that what
/// recording writes reads back as the value it came from and nothing else.
///
/// Doubled brackets make a pattern text: `[[..]]` is the text `[..]`, a line `[[...]]` the line
/// `...`, `<[[UUID-1]]>` the text `<UUID-1>`. More brackets stand for one pair fewer:
/// `[[[..]]]` is `[[..]]`, a line `[[[...]]]` the line `[[...]]`. A line `[...]` and
/// `<[UUID-1]>` are text already. A placeholder a filter wrote in this run stays a placeholder;
/// the same spelling in the value itself is written in its literal form.
extension ReferencePatterns {
  /// The pairs of brackets the literal form of a pattern with `pairs` has (`...` and a
  /// placeholder have none, `[..]` one).
  static func escaped(_ pairs: Int) -> Int { pairs == 0 ? 2 : pairs + 1 }

  /// The pairs of brackets of the text a literal form with `pairs` stands for.
  static func unescaped(_ pairs: Int) -> Int { pairs == 2 ? 0 : pairs - 1 }

  /// A line of blanks, `...` and blanks, the dots in `brackets` pairs of brackets: where they
  /// start and end.
  struct EllipsisLine {
    let brackets: Int
    let core: Range<Int>
  }

  /// The line as an `...` line in brackets, if it is one.
  static func ellipsisLine(_ bytes: Bytes, _ range: Range<Int>) -> EllipsisLine? {
    let blank: (UInt8) -> Bool = { $0 == Byte.space || $0 == Byte.tab }
    // Most lines start with neither a blank, a dot nor a bracket: told by their first byte.
    guard range.count >= 3,
      [Byte.dot, Byte.space, Byte.tab, Byte.bracket].contains(bytes[range.lowerBound]),
      let first = bytes[range].firstIndex(where: { !blank($0) }),
      let last = bytes[range].lastIndex(where: { !blank($0) })
    else { return nil }
    var brackets = 0
    while first + brackets <= last, bytes[first + brackets] == Byte.bracket { brackets += 1 }
    let dots = first + brackets
    guard last + 1 - first == 2 * brackets + 3, has(Byte.ellipsis, in: bytes, at: dots),
      (dots + 3..<last + 1).allSatisfy({ bytes[$0] == Byte.closing })
    else { return nil }
    return EllipsisLine(brackets: brackets, core: first..<last + 1)
  }

  /// `<kind>` or `<kind-N>` of a known kind at `start`, with `brackets` pairs of brackets inside
  /// its angle brackets.
  struct PlaceholderToken {
    let kind: String
    let number: Int?
    let brackets: Int
    let length: Int
  }

  /// The placeholder, in brackets or not, that stands at `start`, if any.
  func placeholderToken(_ bytes: Bytes, at start: Int, before end: Int) -> PlaceholderToken? {
    guard bytes[start] == Byte.less,
      let close = Self.firstIndex(of: Byte.greater, in: bytes, start..<end)
    else { return nil }
    var brackets = 0
    while start + 1 + brackets < close, bytes[start + 1 + brackets] == Byte.bracket {
      brackets += 1
    }
    guard close - brackets > start + 1 + brackets else { return nil }
    let inner = start + 1 + brackets..<close - brackets
    guard (inner.upperBound..<close).allSatisfy({ bytes[$0] == Byte.closing })
    else { return nil }
    let inside = String(decoding: bytes[inner], as: UTF8.self)
    let length = close + 1 - start
    if kinds[inside] != nil {
      return PlaceholderToken(kind: inside, number: nil, brackets: brackets, length: length)
    }
    guard let dash = inside.lastIndex(of: "-"), kinds[String(inside[..<dash])] != nil,
      let number = Int(inside[inside.index(after: dash)...]), number > 0
    else { return nil }
    return PlaceholderToken(
      kind: String(inside[..<dash]), number: number, brackets: brackets, length: length)
  }

  /// `bytes[range]` with `pairs` pairs of brackets around `core` (its own taken off), the rest
  /// as it is: a pattern's literal form, or the text a literal form stands for.
  static func bracketed(_ bytes: Bytes, _ range: Range<Int>, core: Range<Int>, own: Int, pairs: Int)
    -> [UInt8]
  {
    Array(bytes[range.lowerBound..<core.lowerBound])
      + [UInt8](repeating: Byte.bracket, count: pairs)
      + bytes[core.lowerBound + own..<core.upperBound - own]
      + [UInt8](repeating: Byte.closing, count: pairs) + bytes[core.upperBound..<range.upperBound]
  }

  /// `text` as a reference holds it literally: each `[..]`, `...` line and placeholder it holds
  /// in its literal form, but for the placeholders the filters wrote (`placeholders`, UTF-8
  /// offsets into `text`).
  ///
  /// A text without pattern syntax is itself, as almost every one is.
  func literal(_ text: String, placeholders: [Range<Int>]) -> String {
    guard mayHold(text) else { return text }
    var text = text
    return text.withUTF8 { bytes in
      var written = placeholders[...]
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count + 16)
      var start = 0
      while start <= bytes.count {
        let end = Self.lineEnd(bytes, from: start)
        literalLine(bytes, start..<end, written: &written, into: &output)
        if end < bytes.count { output.append(Byte.newline) }
        start = end + 1
      }
      return String(decoding: output, as: UTF8.self)
    }
  }

  private func literalLine(
    _ bytes: Bytes, _ line: Range<Int>, written: inout ArraySlice<Range<Int>>,
    into output: inout [UInt8]
  ) {
    if let ellipsis = Self.ellipsisLine(bytes, line), ellipsis.brackets != 1 {
      output += Self.bracketed(
        bytes, line, core: ellipsis.core, own: ellipsis.brackets,
        pairs: Self.escaped(ellipsis.brackets))
      return
    }
    var index = line.lowerBound
    while index < line.upperBound {
      // Each `[..]` gains a pair: `[[..]]` for it, `[[[..]]]` for `[[..]]`.
      if bytes[index] == Byte.bracket, Self.has(Byte.anyPattern, in: bytes, at: index) {
        output += Byte.escapedAny
        index += Byte.anyPattern.count
        continue
      }
      if bytes[index] == Byte.less,
        let token = placeholderToken(bytes, at: index, before: line.upperBound),
        token.brackets != 1
      {
        let range = index..<index + token.length
        while let next = written.first, next.lowerBound < index { written.removeFirst() }
        let filters = token.brackets == 0 && written.first == range
        output +=
          filters
          ? Array(bytes[range])
          : Self.bracketed(
            bytes, range, core: index + 1..<range.upperBound - 1, own: token.brackets,
            pairs: Self.escaped(token.brackets))
        index = range.upperBound
        continue
      }
      output.append(bytes[index])
      index += 1
    }
  }
}
