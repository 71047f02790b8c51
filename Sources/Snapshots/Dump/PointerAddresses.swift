/// Removes memory addresses from descriptions, as `.dump` has always done: every match of
/// `:?\s*0x[0-9a-f]+` is dropped, and the whitespace after it kept (`<Foo: 0x6000…>` → `<Foo>`).
enum PointerAddresses {
  static func removed(from text: String) -> String {
    guard text.contains("0x") else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if let end = matchEnd(in: scalars, from: index) {
        index = end
        while index < scalars.count, scalars[index].properties.isWhitespace {
          result.append(scalars[index])
          index += 1
        }
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }

  /// Where a match starting at `start` ends, before the whitespace that follows it.
  private static func matchEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
    var index = start
    if scalars[index] == ":" { index += 1 }
    while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    guard index + 2 < scalars.count, scalars[index] == "0", scalars[index + 1] == "x",
      isLowerHex(scalars[index + 2])
    else { return nil }
    index += 3
    while index < scalars.count, isLowerHex(scalars[index]) { index += 1 }
    return index
  }

  private static func isLowerHex(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar)
  }
}
