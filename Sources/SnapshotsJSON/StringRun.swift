/// How far the inside of a JSON string runs before a byte that needs a look: `"`, `\` or a
/// control character.
///
/// Eight bytes at a time (a word tested for any such byte with carry arithmetic): strings are
/// most of a document's bytes, both when the text is checked and when it is written.
enum StringRun {
  /// The index of the first `"`, `\` or byte below 0x20 at or after `start`; `bytes.count` if
  /// there is none.
  static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var index = start
    while index + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if mayHoldSpecial(word) { break }
      index += 8
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
      index += 1
    }
    return index
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Whether a byte of `word` may be `"`, `\` or below 0x20 (never `false` when one is).
  private static func mayHoldSpecial(_ word: UInt64) -> Bool {
    func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
    return below0x20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
  }
}
