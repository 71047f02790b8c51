import Foundation

/// The toolkit's one hash: 64-bit FNV-1a of bytes, stable across runs and platforms.
///
/// It fingerprints a source file when a test leaves a pending inline record (checked before the
/// file is rewritten: a file edited since is refused), shortens long reference names, fills the
/// catalog's `hash`, and buckets lines for the diff.
@_spi(Tooling) public enum ContentHash {
  public static func of(_ text: String) -> String {
    var text = text
    return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
  }

  public static func of(_ data: Data) -> String {
    data.withUnsafeBytes { of($0) }
  }

  static func of(_ bytes: UnsafeRawBufferPointer) -> String {
    let digits = String(value(of: bytes), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The hash as a number.
  static func value(of bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
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
