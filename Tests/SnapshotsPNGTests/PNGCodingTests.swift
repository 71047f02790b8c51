import Foundation
import Testing

@testable import SnapshotsPNG

/// Encoding and decoding through libpng: round trips, determinism, and errors for bad input.
@Suite struct PNGCodingTests {
  static func gradient(width: Int = 37, height: Int = 23) throws -> Image {
    var rgba: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        rgba += [
          UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x ^ y) & 255), UInt8(255 - x),
        ]
      }
    }
    return try Image(width: width, height: height, rgba: rgba)
  }

  @Test func roundTripKeepsEveryPixel() throws {
    let image = try Self.gradient()
    #expect(try Image(pngData: image.pngData()) == image)
  }

  @Test func encodingIsDeterministic() throws {
    let image = try Self.gradient()
    let first = try image.pngData()
    #expect(try image.pngData() == first)
    #expect(try Image(pngData: first).pngData() == first)
    #expect(!first.contains(Data("tIME".utf8)))
  }

  /// PNG has no empty images: one is refused where it is made, naming its size, not later by
  /// libpng's "Invalid IHDR data".
  @Test(arguments: [(0, 0), (0, 3), (3, 0), (-1, 2)])
  func emptyImagesAreRefusedWhereTheyAreMade(width: Int, height: Int) {
    #expect(throws: ImageError.invalidSize(width: width, height: height)) {
      try Image(width: width, height: height, rgba: [])
    }
    #expect(throws: ImageError.invalidSize(width: width, height: height)) {
      try Image(width: width, height: height, filledWith: (0, 0, 0, 255))
    }
    #expect(
      ImageError.invalidSize(width: 0, height: 0).description
        == "an image cannot be 0×0: PNG needs at least 1×1 pixel")
  }

  @Test func wrongByteCountIsRefused() {
    #expect(throws: ImageError.wrongByteCount(width: 2, height: 2, byteCount: 15)) {
      try Image(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 15))
    }
    #expect(
      ImageError.wrongByteCount(width: 2, height: 2, byteCount: 15).description
        == "a 2×2 RGBA image needs 2×2×4 bytes, not 15")
  }

  @Test func notAPNGIsAClearError() {
    #expect(
      throws: ImageError.invalidPNG(
        reason: "not a PNG file: the 8-byte signature is missing", byteCount: 5)
    ) {
      try Image(pngData: Data("hello".utf8))
    }
  }

  @Test func truncatedPNGIsAClearError() throws {
    let data = try Self.gradient().pngData()
    let truncated = data.prefix(data.count / 2)
    do {
      _ = try Image(pngData: truncated)
      Issue.record("a truncated PNG decoded")
    } catch {
      #expect(error.description.hasPrefix("not a readable PNG (\(truncated.count) bytes): "))
      #expect(error.description.contains("truncated"))
    }
  }

  @Test func hugeDimensionsAreRefusedBeforeAllocating() throws {
    var data = try Self.gradient().pngData()
    // IHDR's width starts at byte 16; libpng checks the chunk's CRC, so fix it too.
    data.replaceSubrange(16..<20, with: [0x00, 0x0F, 0xFF, 0xFF])
    data.replaceSubrange(29..<33, with: crc32(data[12..<29]).bigEndianBytes)
    #expect(throws: ImageError.self) { try Image(pngData: data) }
  }
}

/// The CRC-32 of PNG chunks.
func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}

extension UInt32 {
  var bigEndianBytes: [UInt8] {
    [UInt8(self >> 24), UInt8((self >> 16) & 255), UInt8((self >> 8) & 255), UInt8(self & 255)]
  }
}
