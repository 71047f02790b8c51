import Foundation
import Testing

@testable @_spi(Tooling) import Snapshots

/// The in-place UTF-8 check agrees with the standard library's on every kind of sequence.
@Suite struct UTF8TextTests {
  static let samples: [[UInt8]] = [
    [], Array("plain ASCII, longer than eight bytes".utf8), Array("Zürich 🍕 €".utf8),
    [0xC2, 0x80], [0xC1, 0xBF], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0x80], [0xED, 0x9F, 0xBF],
    [0xED, 0xA0, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
    [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80],
    [0xE2, 0x82], Array("12345678".utf8) + [0xE2, 0x82], [0xFF], Array("abcdefg".utf8) + [0xC3],
  ]

  @Test(arguments: samples)
  func agreesWithTheStandardLibrary(bytes: [UInt8]) {
    #expect(bytes.withUnsafeBufferPointer(UTF8Text.isValid) == isValid(bytes))
  }

  @Test func agreesOnRandomBytes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let length = Int.random(in: 0..<24, using: &generator)
      // Mostly bytes that start or continue sequences, so that many are almost valid.
      let bytes = (0..<length).map { _ in
        Bool.random(using: &generator)
          ? UInt8.random(in: 0x80...0xBF, using: &generator)
          : UInt8.random(in: 0x00...0xFF, using: &generator)
      }
      #expect(bytes.withUnsafeBufferPointer(UTF8Text.isValid) == isValid(bytes), "\(bytes)")
    }
  }

  private func isValid(_ bytes: [UInt8]) -> Bool {
    String(validating: bytes, as: UTF8.self) != nil
  }
}
