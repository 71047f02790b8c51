import Foundation

/// SHA-256 (FIPS 180-4): the digest a pending record carries of its bytes, checked before they
/// are written as a reference, and the name of a binary HTTP body in a text reference.
///
/// Written here rather than taken from a cryptography package: these two digests are the only
/// use, and every package that depends on this one would build that package.
/// ``ContentHash`` stays the fingerprint of sources and names: it is shorter and faster, and
/// nothing relies on it to tell damaged bytes from whole ones.
package enum SHA256 {
  /// The digest of `bytes`, as 64 lowercase hex digits.
  public static func hex(_ bytes: some Collection<UInt8>) -> String {
    Array(bytes).withUnsafeBytes(hex)
  }

  /// The digest of `data`, as 64 lowercase hex digits.
  public static func hex(_ data: Data) -> String { data.withUnsafeBytes(hex) }

  static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
    var state: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
      0x5be0_cd19,
    ]
    // The whole blocks are read where they are; only the last one or two are copied, padded.
    let whole = bytes.count / 64 * 64
    var tail = Array(bytes[whole...])
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bitLength = UInt64(bytes.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    // Buffers and masking shifts rather than arrays and smart shifts: every failing file
    // assertion hashes its bytes, in the tests' debug build, where those are generic calls.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
      state.withUnsafeMutableBufferPointer { state in
        roundConstants.withUnsafeBufferPointer { constants in
          var block = 0
          while block < whole {
            compress(.init(rebasing: bytes[block..<block + 64]), words, state, constants)
            block += 64
          }
          tail.withUnsafeBytes { tail in
            for start in stride(from: 0, to: tail.count, by: 64) {
              compress(.init(rebasing: tail[start..<start + 64]), words, state, constants)
            }
          }
        }
      }
    }
    return state.map { word in
      let digits = String(word, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()
  }

  /// One 64-byte block into the state; `words` is room for the message schedule.
  private static func compress(
    _ block: UnsafeRawBufferPointer, _ words: UnsafeMutableBufferPointer<UInt32>,
    _ state: UnsafeMutableBufferPointer<UInt32>, _ constants: UnsafeBufferPointer<UInt32>
  ) {
    for index in 0..<16 {
      let at = index * 4
      words[index] =
        UInt32(block[at]) &<< 24 | UInt32(block[at + 1]) &<< 16 | UInt32(block[at + 2]) &<< 8
        | UInt32(block[at + 3])
    }
    for index in 16..<64 {
      let a = words[index - 15], b = words[index - 2]
      let s0 = a.rotatedRight(7) ^ a.rotatedRight(18) ^ (a &>> 3)
      let s1 = b.rotatedRight(17) ^ b.rotatedRight(19) ^ (b &>> 10)
      words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = (
      state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
    )
    for index in 0..<64 {
      let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
      let choice = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ choice &+ constants[index] &+ words[index]
      let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let t2 = s0 &+ majority
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}

extension UInt32 {
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    self &>> count | self &<< (32 - count)
  }
}
