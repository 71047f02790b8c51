import Foundation

/// A fingerprint of a source file's bytes (64-bit FNV-1a, hex), taken when a test leaves a pending
/// inline record and checked before the file is rewritten: a file edited since is refused.
@_spi(Tooling) public enum SourceHash {
  public static func of(_ text: String) -> String {
    var text = text
    return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
  }

  public static func of(_ data: Data) -> String {
    data.withUnsafeBytes { of($0) }
  }

  static func of(_ bytes: UnsafeRawBufferPointer) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The hash of the file at `path` now; computed once per process and file.
  public static func ofFile(atPath path: String) -> String? {
    if let known = cache.withLock({ $0[path] }) { return known }
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let hash = of(data)
    cache.withLock { $0[path] = hash }
    return hash
  }

  private static let cache = Locked<[String: String]>([:])
}
