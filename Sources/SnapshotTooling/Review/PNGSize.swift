import Foundation

/// A PNG's width and height, read from its header chunk (the first, by the format's rule).
struct PNGSize {
  var width: Int
  var height: Int

  init?(_ data: Data) {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
      bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    (width, height) = (number(16), number(20))
  }
}
