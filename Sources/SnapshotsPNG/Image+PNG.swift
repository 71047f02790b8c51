import CLibPNG
import Foundation

extension Image {
  /// The largest width or height decoded; larger images are refused before allocating pixels.
  public static let maximumSide = 16_384
  /// The most pixels decoded (256 MiB of RGBA).
  public static let maximumPixels = 1 << 26

  /// Decodes a PNG of any kind to RGBA8.
  ///
  /// Grey, RGB, palette, grey+alpha and RGBA images of 1 to 16 bits, with `tRNS` transparency
  /// and Adam7 interlacing, all become 8-bit RGBA. 16-bit samples are scaled to 8 bits with
  /// rounding, `v × 255 / 65535`. Gamma and colour-space chunks (`gAMA`, `cHRM`, `sRGB`,
  /// `iCCP`) are ignored: the stored samples are the pixels. Corrupt data throws
  /// ``ImageError/invalidPNG(reason:byteCount:)`` with libpng's reason; it never crashes.
  public init(pngData data: Data) throws(ImageError) {
    var message = [CChar](repeating: 0, count: 256)
    var width: UInt32 = 0
    var height: UInt32 = 0
    let decoded: [UInt8]? = data.withUnsafeBytes { bytes in
      guard
        let reader = snapshots_png_open(
          bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt32(Self.maximumSide),
          UInt64(Self.maximumPixels), &width, &height, &message, message.count)
      else { return nil }
      // The pixels are decoded straight into the array's storage: no copy.
      let count = Int(width) * Int(height) * 4
      var status: Int32 = 0
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        status = snapshots_png_read_pixels(reader, buffer.baseAddress, &message, message.count)
        if status != 0 { buffer.initialize(repeating: 0) }
        initialized = count
      }
      return status == 0 ? pixels : nil
    }
    guard let decoded else { throw .invalidPNG(reason: Self.text(message), byteCount: data.count) }
    try self.init(width: Int(width), height: Int(height), rgba: decoded)
  }

  /// The image as an 8-bit RGBA PNG: the same pixels always give the same bytes.
  public func pngData() throws(ImageError) -> Data {
    var message = [CChar](repeating: 0, count: 256)
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = rgba.withUnsafeBufferPointer { pixels in
      snapshots_png_encode(
        pixels.baseAddress, UInt32(width), UInt32(height), &output, &size, &message, message.count)
    }
    guard status == 0, let output else { throw .encodingFailed(reason: Self.text(message)) }
    defer { snapshots_png_free(output) }
    return Data(bytes: output, count: size)
  }

  private static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
