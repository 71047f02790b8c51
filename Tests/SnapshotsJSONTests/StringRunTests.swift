import Testing

@testable import SnapshotsJSON

/// The word-at-a-time search for the end of a string's plain run finds what a byte loop finds.
@Suite struct StringRunTests {
  @Test func findsEverySpecialByteAtEveryOffset() {
    for special: UInt8 in [0x00, 0x0A, 0x1F, 0x22, 0x5C] {
      for offset in 0..<20 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
        // Bytes next to the special ones that must not count: 0x20, 0x21, 0x23, 0x5B, 0x5D, 0xC3.
        bytes[(offset + 3) % 20] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0xC3][offset % 6]
        bytes[offset] = special
        #expect(bytes.withUnsafeBufferPointer { StringRun.end(in: $0, from: 0) } == naive(bytes, 0))
      }
    }
  }

  @Test func agreesWithAByteLoopOnRandomText() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
        Bool.random(using: &generator)
          ? UInt8.random(in: 0x20...0x7E, using: &generator)
          : UInt8.random(in: 0...0xFF, using: &generator)
      }
      let start = Int.random(in: 0...bytes.count, using: &generator)
      #expect(
        bytes.withUnsafeBufferPointer { StringRun.end(in: $0, from: start) }
          == naive(bytes, start), "\(bytes) from \(start)")
    }
  }

  private func naive(_ bytes: [UInt8], _ start: Int) -> Int {
    bytes[start...].firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } ?? bytes.count
  }
}
