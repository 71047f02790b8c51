/// Turns test names and `named:` arguments into file-name components that can never leave the
/// snapshot directory.
///
/// Runs of characters other than letters, digits, marks and `_` become one `-`, and `-` is trimmed
/// from both ends, as swift-snapshot-testing does, so its references keep their names:
/// `testFoo()` → `testFoo`, `pages(n:)` → `pages-n`. `/`, `..` and NUL cannot survive. A name
/// longer than ``maxLength`` bytes is cut and given a hash of the whole, so distinct names stay
/// distinct (a test name and a `named:` at most this long keep a file name within the 255 bytes
/// file systems allow); a name with nothing left becomes `unnamed-<hash>`. Names users choose
/// (`named:`, a parameterized test's arguments) go through ``sanitizeDistinctly(_:)``.
enum PathComponent {
  static let maxLength = 100

  static func sanitize(_ raw: String) -> String {
    fit(readable(raw), hashing: raw)
  }

  /// ``sanitize(_:)``, plus `-` and 8 hex digits of the raw text's hash whenever sanitising
  /// changed it (or it holds a `-`, which joins parts), so different texts never share a file:
  /// `named: "a/b"`, `"a.b"` and `"a b"` become `a-b-…` with three different hashes, while
  /// `"email"` stays `email`.
  static func sanitizeDistinctly(_ raw: String) -> String {
    let text = readable(raw)
    guard text != raw || raw.contains("-") else { return fit(text, hashing: raw) }
    return fit(text + "-" + hash(raw).prefix(8), hashing: raw)
  }

  /// A test's name as its references' names begin (`own`), and as swift-snapshot-testing named
  /// them (`legacy`, ``sanitize(_:)``).
  ///
  /// They are one when sanitising only dropped a function name's punctuation (`pages(n:)` →
  /// `pages-n`); when it dropped more, `own` adds `-` and 8 hex digits of the raw name's hash,
  /// so that `emoji🎉()` and `emoji🎊()`, whose emoji sanitising drops, never share a file.
  static func testNames(_ raw: String) -> (own: String, legacy: String) {
    if let plain = plainASCII(raw) {
      let fitted = fit(plain, hashing: raw)
      return (fitted, fitted)
    }
    let text = readable(raw)
    let legacy = fit(text, hashing: raw)
    guard !isFunctionName(raw) else { return (legacy, legacy) }
    return (fit(text + "-" + hash(raw).prefix(8), hashing: raw), legacy)
  }

  /// Whether `raw` is `name` or `name(label:…)` of word characters: a name ``readable(_:)``
  /// maps to a text no other such name maps to.
  private static func isFunctionName(_ raw: String) -> Bool {
    var scalars = raw.unicodeScalars[...]
    func word() -> Bool {
      let start = scalars.startIndex
      while let first = scalars.first, isWordScalar(first) { scalars.removeFirst() }
      return scalars.startIndex != start
    }
    guard word() else { return false }
    if scalars.isEmpty { return true }
    guard scalars.removeFirst() == "(" else { return false }
    while let first = scalars.first, first != ")" {
      guard word(), scalars.first == ":" else { return false }
      scalars.removeFirst()
    }
    return scalars.count == 1
  }

  /// `text`, cut with a hash of `raw` when longer than ``maxLength`` bytes; `unnamed-<hash>`
  /// when empty.
  static func fit(_ text: String, hashing raw: String) -> String {
    if text.isEmpty { return "unnamed-\(hash(raw))" }
    guard text.utf8.count > maxLength else { return text }
    var cut = ""
    for character in text {
      if cut.utf8.count + character.utf8.count > maxLength - 17 { break }
      cut.append(character)
    }
    return "\(cut)-\(hash(raw))"
  }

  /// Runs of characters other than letters, digits, marks and `_` as one `-`, trimmed.
  private static func readable(_ raw: String) -> String {
    if let plain = plainASCII(raw) { return plain }
    var result = ""
    var pendingDash = false
    for scalar in raw.unicodeScalars {
      if isWordScalar(scalar) {
        if pendingDash && !result.isEmpty { result.append("-") }
        pendingDash = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return result
  }

  /// What ``readable(_:)`` makes of a plain name, `nil` for any other.
  ///
  /// A plain name is ASCII letters, digits and `_`, perhaps ending in `()` as most test names
  /// do; it is made the name without the `()`.
  /// A pointer loop: every assertion sanitises its test's name, and in the debug build tests
  /// run, iterating a string's views runs unspecialised generic code per byte.
  private static func plainASCII(_ raw: String) -> String? {
    var copy = raw
    return copy.withUTF8 { utf8 -> String? in
      guard let bytes = utf8.baseAddress else { return raw }
      var count = utf8.count
      if count >= 2 && bytes[count - 2] == 0x28 && bytes[count - 1] == 0x29 { count -= 2 }
      var index = 0
      while index < count {
        let byte = bytes[index]
        let lowered = byte | 0x20  // ASCII letters in lower case
        guard (lowered >= 0x61 && lowered <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        else { return nil }
        index += 1
      }
      return count == utf8.count
        ? raw : String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let v = scalar.value
      return (v >= 48 && v <= 57) || (v >= 65 && v <= 90) || (v >= 97 && v <= 122) || v == 95
    }
    if scalar.value == 0x200C || scalar.value == 0x200D { return true }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// 64-bit FNV-1a of the UTF-8 bytes, as 16 hex digits (``ContentHash``'s): stable across runs
  /// and platforms.
  static func hash(_ text: String) -> String { ContentHash.of(text) }
}
