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
    var texts: [String: String] = [:]
    let decoded: [UInt8]? = data.withUnsafeBytes { bytes in
      guard let reader = Self.open(bytes, &width, &height, &message) else { return nil }
      texts = Self.texts(of: reader)
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
    recordedIn = RecordingEnvironment(textChunks: texts)
  }

  /// The `tEXt` chunks before a PNG's pixels, read without decoding them; throws when the data
  /// is not a readable PNG.
  public static func textChunks(inPNG data: Data) throws(ImageError) -> [String: String] {
    var message = [CChar](repeating: 0, count: 256)
    var width: UInt32 = 0
    var height: UInt32 = 0
    let texts: [String: String]? = data.withUnsafeBytes { bytes -> [String: String]? in
      guard let reader = open(bytes, &width, &height, &message) else { return nil }
      defer { snapshots_png_close(reader) }
      return Self.texts(of: reader)
    }
    guard let texts else { throw .invalidPNG(reason: text(message), byteCount: data.count) }
    return texts
  }

  /// Reads a PNG's header within the size limits: the reader, or `nil` with `message` set.
  private static func open(
    _ bytes: UnsafeRawBufferPointer, _ width: inout UInt32, _ height: inout UInt32,
    _ message: inout [CChar]
  ) -> OpaquePointer? {
    snapshots_png_open(
      bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt32(maximumSide),
      UInt64(maximumPixels), &width, &height, &message, message.count)
  }

  private static func texts(of reader: OpaquePointer) -> [String: String] {
    var texts: [String: String] = [:]
    for index in 0..<snapshots_png_text_count(reader) {
      var key: UnsafePointer<CChar>?
      var value: UnsafePointer<CChar>?
      snapshots_png_text_at(reader, index, &key, &value)
      if let key, let value {
        texts[String(decoding: latin1(key), as: UTF8.self)] = String(
          decoding: latin1(value), as: UTF8.self)
      }
    }
    return texts
  }

  /// The image as an 8-bit RGBA PNG: the same pixels (and environment) always give the same
  /// bytes.
  ///
  /// - Parameter environment: where it is recorded, written as `tEXt` chunks; `nil` for none.
  public func pngData(recordedIn environment: RecordingEnvironment? = nil) throws(ImageError)
    -> Data
  {
    var message = [CChar](repeating: 0, count: 256)
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    let chunks = environment?.textChunks ?? []
    // Keywords and texts in Latin-1, as `tEXt` asks: other characters become `?`.
    let keys = chunks.map { strdup(Self.latin1Text($0.key)) }
    let values = chunks.map { strdup(Self.latin1Text($0.value)) }
    defer { (keys + values).forEach { free($0) } }
    let status = rgba.withUnsafeBufferPointer { pixels in
      keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { keyPointers in
        values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
          snapshots_png_encode(
            pixels.baseAddress, UInt32(width), UInt32(height), keyPointers.baseAddress,
            valuePointers.baseAddress, Int32(chunks.count), &output, &size, &message,
            message.count)
        }
      }
    }
    guard status == 0, let output else { throw .encodingFailed(reason: Self.text(message)) }
    defer { snapshots_png_free(output) }
    return Data(bytes: output, count: size)
  }

  /// A C string's Latin-1 bytes as UTF-8.
  private static func latin1(_ text: UnsafePointer<CChar>) -> [UInt8] {
    var utf8: [UInt8] = []
    var pointer = text
    while pointer.pointee != 0 {
      let byte = UInt8(bitPattern: pointer.pointee)
      if byte < 0x80 {
        utf8.append(byte)
      } else {
        utf8 += [0xC0 | byte >> 6, 0x80 | byte & 0x3F]
      }
      pointer += 1
    }
    return utf8
  }

  /// Text as Latin-1 for a C string: characters beyond it become `?`, NUL is dropped.
  private static func latin1Text(_ text: String) -> [CChar] {
    text.unicodeScalars.compactMap { scalar -> CChar? in
      if scalar.value == 0 { return nil }
      return CChar(bitPattern: scalar.value < 256 ? UInt8(scalar.value) : UInt8(ascii: "?"))
    } + [0]
  }

  private static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
