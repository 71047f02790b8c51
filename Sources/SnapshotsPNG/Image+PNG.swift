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
    var decoded = snapshots_png_image()
    var message = [CChar](repeating: 0, count: 256)
    let status = data.withUnsafeBytes { bytes in
      snapshots_png_decode(
        bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt32(Self.maximumSide),
        UInt64(Self.maximumPixels), &decoded, &message, message.count)
    }
    guard status == 0, let pixels = decoded.rgba else {
      throw .invalidPNG(reason: Self.text(message), byteCount: data.count)
    }
    defer { snapshots_png_free(pixels) }
    let width = Int(decoded.width), height = Int(decoded.height)
    try self.init(
      width: width, height: height,
      rgba: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
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
