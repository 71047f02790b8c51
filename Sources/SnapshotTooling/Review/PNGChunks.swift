import Foundation

/// What a PNG says of itself without decoding its pixels.
///
/// Its size, from the header chunk (the first, by the format's rule), and its `tEXt` chunks,
/// where this toolkit records the environment a reference was recorded in. Read by layout
/// alone, so the tool needs no libpng.
struct PNGChunks {
  var width: Int
  var height: Int
  /// Each `tEXt` chunk's keyword and text, in the file's order (Latin-1, as PNG asks).
  var texts: [(key: String, value: String)]

  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// `nil` when `data` does not start as a PNG does; the chunks up to the first that does not
  /// fit are read.
  init?(_ data: Data) {
    let bytes = [UInt8](data)
    guard bytes.count >= 24, Array(bytes[0..<8]) == Self.signature,
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    (width, height) = (number(16), number(20))
    texts = []
    var position = 8
    while position + 12 <= bytes.count {
      let length = number(position)
      let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
      let body = position + 8
      guard length <= bytes.count - body - 4, type != "IEND" else { break }
      if type == "tEXt", let separator = bytes[body..<(body + length)].firstIndex(of: 0) {
        texts.append(
          (
            Self.latin1(bytes[body..<separator]),
            Self.latin1(bytes[(separator + 1)..<(body + length)])
          ))
      }
      position = body + length + 4
    }
  }

  private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
