import Foundation

/// Says what differs between texts that look the same on screen: a byte-order mark, Unicode
/// normalisation (`é` as one code point or as `e` and a combining accent), invisible characters
/// (a zero-width space), spaces that look like a space (a no-break space) and white space at
/// the end of a line.
///
/// A diff shows such lines as one removed and one added, identical to a reader; a failure
/// names what differs instead.
package enum LookAlikeText {
  /// Characters with no width, or that only steer the layout: the byte-order mark (also the
  /// zero-width no-break space), zero-width spaces and joiners, the soft hyphen, direction marks.
  static let invisible: Set<Unicode.Scalar> = Set(
    [0xFEFF, 0x200B, 0x200C, 0x200D, 0x2060, 0x00AD, 0x180E, 0x200E, 0x200F, 0x061C]
      .compactMap(Unicode.Scalar.init)
      + (0x202A...0x202E).compactMap(Unicode.Scalar.init)
      + (0x2066...0x2069).compactMap(Unicode.Scalar.init))

  /// Spaces a reader takes for U+0020.
  static let spaces: Set<Unicode.Scalar> = Set(
    [0x00A0, 0x202F, 0x205F, 0x3000].compactMap(Unicode.Scalar.init)
      + (0x2000...0x200A).compactMap(Unicode.Scalar.init))

  /// How a text looks: invisible characters dropped, look-alike spaces as spaces, white space
  /// at its end dropped, composed (NFC), as bytes; two texts that look alike have the same key.
  public static func appearance(_ text: some StringProtocol) -> [UInt8] {
    Array(trimmed(visible(text)).precomposedStringWithCanonicalMapping.utf8)
  }

  /// What differs between `reference` and `actual`, which look alike but are not the same
  /// scalars; `nil` when they do not look alike, or are the same.
  ///
  /// `thing` names what they are in the sentence (`"the texts"`, `"line 3"`, `"the keys"`).
  public static func difference(
    of thing: String, reference: some StringProtocol, actual: some StringProtocol
  ) -> String? {
    guard !reference.unicodeScalars.elementsEqual(actual.unicodeScalars),
      appearance(reference) == appearance(actual)
    else { return nil }
    var parts: [String] = []
    let starts = (
      reference: reference.unicodeScalars.first == "\u{FEFF}",
      actual: actual.unicodeScalars.first == "\u{FEFF}"
    )
    if starts.reference != starts.actual {
      parts.append(
        "the \(starts.actual ? "actual value" : "reference") starts with a byte-order mark (U+FEFF)"
      )
    }
    for scalar in (invisible.union(spaces)).sorted(by: { $0.value < $1.value }) {
      var (inReference, inActual) = (count(scalar, in: reference), count(scalar, in: actual))
      if scalar == "\u{FEFF}" {
        inReference -= starts.reference ? 1 : 0
        inActual -= starts.actual ? 1 : 0
      }
      guard inReference != inActual else { continue }
      parts.append(
        "\(describe(scalar)): \(inReference) in the reference, \(inActual) in the actual value")
    }
    let visibleReference = visible(reference), visibleActual = visible(actual)
    let ends = (reference: trailingSpace(visibleReference), actual: trailingSpace(visibleActual))
    if ends.reference != ends.actual {
      parts.append(
        "white space at the end: \(describe(ends.reference)) in the reference, "
          + "\(describe(ends.actual)) in the actual value")
    }
    let (shownReference, shownActual) = (trimmed(visibleReference), trimmed(visibleActual))
    if !shownReference.unicodeScalars.elementsEqual(shownActual.unicodeScalars) {
      parts.append(
        "Unicode normalisation: the reference is \(form(of: shownReference)), the actual value \(form(of: shownActual))"
      )
    }
    return "\(thing) look the same but differ in " + parts.joined(separator: "; ") + "."
  }

  /// For each line a diff inserted that looks like a line it deleted, what differs.
  ///
  /// At most `limit` of them. Only the changed lines are looked at, so that a diff of a few
  /// changes in a long text pays for those lines only.
  static func lines(old: TextLines, new: TextLines, diff: LineDiff, limit: Int = 3) -> [String] {
    var removed: [[UInt8]: Int] = [:]
    for index in diff.deleted.indices where diff.deleted[index] {
      let look = appearance(ofLine: index, in: old)
      if removed[look] == nil { removed[look] = index }
    }
    guard !removed.isEmpty else { return [] }
    var found: [String] = []
    for index in diff.inserted.indices where diff.inserted[index] && found.count < limit {
      guard let match = removed[appearance(ofLine: index, in: new)] else { continue }
      let thing =
        match == index
        ? "Line \(index + 1) of both"
        : "Line \(match + 1) of the reference and \(index + 1) of the actual value"
      if let text = difference(of: thing, reference: old[match], actual: new[index]) {
        found.append(text)
      }
    }
    return found
  }

  /// A line's ``appearance(_:)``; an ASCII line, which holds nothing invisible or look-alike,
  /// is its bytes less the white space at its end.
  private static func appearance(ofLine index: Int, in text: TextLines) -> [UInt8] {
    var bytes = text.bytes[text.ranges[index]]
    guard !bytes.contains(where: { $0 >= 0x80 }) else { return appearance(text[index]) }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    return Array(bytes)
  }

  /// The spaces and tabs that end a text.
  private static func trailingSpace(_ text: String) -> Substring {
    text[trimmed(text).endIndex...]
  }

  private static func trimmed(_ text: String) -> Substring {
    var end = text.endIndex
    while end > text.startIndex, [" ", "\t"].contains(text[text.index(before: end)]) {
      end = text.index(before: end)
    }
    return text[..<end]
  }

  /// `2 spaces and a tab`, `none`.
  private static func describe(_ space: Substring) -> String {
    let spaces = space.count { $0 == " " }, tabs = space.count - spaces
    let words = [
      spaces == 0 ? nil : spaces == 1 ? "a space" : "\(spaces) spaces",
      tabs == 0 ? nil : tabs == 1 ? "a tab" : "\(tabs) tabs",
    ].compactMap { $0 }
    return words.isEmpty ? "none" : words.joined(separator: " and ")
  }

  private static func count(_ scalar: Unicode.Scalar, in text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ($1 == scalar ? 1 : 0) }
  }

  /// The text with invisible characters dropped and look-alike spaces as spaces.
  private static func visible(_ text: some StringProtocol) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !invisible.contains(scalar) {
      scalars.append(spaces.contains(scalar) ? " " : scalar)
    }
    return String(scalars)
  }

  private static func form(of text: some StringProtocol) -> String {
    if text.unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars)
    {
      return "composed (NFC)"
    }
    if text.unicodeScalars.elementsEqual(
      text.decomposedStringWithCanonicalMapping.unicodeScalars)
    {
      return "decomposed (NFD)"
    }
    return "neither composed nor decomposed throughout"
  }

  /// `a zero-width space (U+200B)`.
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    let name = scalar.properties.name?.lowercased() ?? "character"
    return "\(name) (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
