import Foundation
import Testing

@_spi(Tooling) @testable import Snapshots

/// SHA-256 against `sha256sum` on either side of each padding edge (55, 56, 64 bytes: the
/// length goes in the last block or a block of its own) and over several blocks.
@Suite struct SHA256Tests {
  @Test(arguments: [
    (0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
    (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
    (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
    (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
    (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
    (1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371"),
  ])
  func matchesSha256sum(count: Int, digest: String) {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
    #expect(SHA256.hex(Data(bytes)) == digest)
    #expect(SHA256.hex(bytes) == digest, "from a collection of bytes")
  }
}
