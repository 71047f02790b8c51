import Foundation
import TestSupport
import Testing

@testable import SnapshotsPNG

/// Thousands of damaged PNGs (truncated, flipped bytes, broken CRCs, huge sizes) decode or fail
/// with an error: none crashes the process, and none allocates past the decoder's limits.
@Suite struct PNGFuzzTests {
  /// Files to damage: PngSuite's when it is beside the checkout, else images of our own.
  static func seeds() throws -> [Data] {
    if PngSuite.isAvailable {
      return try PngSuite.files.filter { !$0.hasPrefix("x") }.map(PngSuite.data)
    }
    return try [PNGCodingTests.gradient(), PNGCodingTests.gradient(width: 5, height: 300)].map {
      try $0.pngData()
    }
  }

  @Test func damagedFilesNeverCrashTheDecoder() throws {
    var generator = SplitMix(seed: 2024)
    let seeds = try Self.seeds()
    var decoded = 0, refused = 0
    for round in 0..<4_000 {
      var data = seeds[round % seeds.count]
      switch round % 4 {
      case 0:
        data = data.prefix(Int.random(in: 0..<data.count, using: &generator))
      case 1:
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
          let index = Int.random(in: 0..<data.count, using: &generator)
          data[index] ^= UInt8.random(in: 1...255, using: &generator)
        }
      case 2:
        // Corrupt the CRC of the first chunk after IHDR, whatever it is.
        data[37 + Int.random(in: 0..<4, using: &generator)] ^= 0xFF
      default:
        data.replaceSubrange(
          16..<24, with: (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) })
        data.replaceSubrange(29..<33, with: crc32(data[12..<29]).bigEndianBytes)
      }
      do {
        let image = try Image(pngData: data)
        #expect(
          image.width <= Image.maximumSide && image.width * image.height <= Image.maximumPixels)
        decoded += 1
      } catch {
        refused += 1
      }
    }
    #expect(decoded + refused == 4_000)
    #expect(refused > 1_000)
  }
}
