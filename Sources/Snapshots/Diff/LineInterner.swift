import Foundation

/// Gives every distinct line of two texts a small integer, hashing and comparing raw bytes.
///
/// The final line of a text with no trailing newline is kept apart from the same line followed
/// by one, so a change of the final newline is a change of that line.
struct LineInterner {
  private var slots: [Int32]
  private var entries: [(text: Int, range: Range<Int>, hash: UInt64)] = []
  private let mask: Int
  /// How far a hash is shifted down to index ``slots``: its top bits, spread by a multiply.
  private let shift: UInt64
  private let texts: [TextLines]

  init(_ texts: [TextLines]) {
    self.texts = texts
    let total = texts.reduce(0) { $0 + $1.count }
    var capacity = 16
    var bits: UInt64 = 4
    while capacity < total * 2 {
      capacity <<= 1
      bits += 1
    }
    slots = Array(repeating: -1, count: capacity)
    mask = capacity - 1
    shift = 64 - bits
    entries.reserveCapacity(total)
  }

  /// The ids of the lines of `texts[text]`, in order.
  mutating func ids(ofText text: Int) -> [Int] {
    let lines = texts[text]
    var ids: [Int] = []
    ids.reserveCapacity(lines.count)
    for (index, range) in lines.ranges.enumerated() {
      let missingNewline = lines.isMissingNewline(at: index)
      ids.append(intern(text: text, range: range, marked: missingNewline))
    }
    return ids
  }

  /// The number of distinct lines seen.
  var count: Int { entries.count }

  private mutating func intern(text: Int, range: Range<Int>, marked: Bool) -> Int {
    let hash = Self.hash(texts[text].bytes, range) ^ (marked ? 0x9E37_79B9_7F4A_7C15 : 0)
    // The slot comes from the top bits of the hash times the golden ratio, into which every bit
    // of the hash spreads, rather than from its low bits alone.
    var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while slots[slot] >= 0 {
      let id = Int(slots[slot])
      let entry = entries[id]
      if entry.hash == hash, equal(entry.text, entry.range, text, range) { return id }
      slot = (slot + 1) & mask
    }
    slots[slot] = Int32(entries.count)
    entries.append((text, range, hash))
    return entries.count - 1
  }

  private func equal(_ a: Int, _ ra: Range<Int>, _ b: Int, _ rb: Range<Int>) -> Bool {
    guard ra.count == rb.count else { return false }
    guard !ra.isEmpty else { return true }
    return texts[a].bytes.withUnsafeBufferPointer { x in
      texts[b].bytes.withUnsafeBufferPointer { y in
        guard let x = x.baseAddress, let y = y.baseAddress else { return false }
        return memcmp(x + ra.lowerBound, y + rb.lowerBound, ra.count) == 0
      }
    }
  }

  private static func hash(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
    bytes.withUnsafeBytes { ContentHash.value(of: UnsafeRawBufferPointer(rebasing: $0[range])) }
  }
}
