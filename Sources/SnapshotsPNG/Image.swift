/// A picture as 8-bit RGBA pixels with straight (not premultiplied) alpha, rows top to bottom.
///
/// ```swift
/// let dot = try Image(width: 1, height: 1, rgba: [255, 0, 0, 255])
/// let decoded = try Image(pngData: data)
/// ```
public struct Image: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// `width × height × 4` bytes: red, green, blue, alpha for each pixel.
  public let rgba: [UInt8]
  /// Where the PNG this image was decoded from was recorded, when it says; not part of
  /// equality, which is the pixels'.
  public var recordedIn: RecordingEnvironment?

  public static func == (lhs: Image, rhs: Image) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.rgba == rhs.rgba
  }

  /// An image from its pixels; the byte count must be `width × height × 4`, and both sides at
  /// least 1 (PNG has no empty image).
  public init(width: Int, height: Int, rgba: [UInt8]) throws(ImageError) {
    guard width > 0, height > 0 else {
      throw .invalidSize(width: width, height: height)
    }
    let (pixels, overflowPixels) = width.multipliedReportingOverflow(by: height)
    let (expected, overflowBytes) = pixels.multipliedReportingOverflow(by: 4)
    guard !overflowPixels, !overflowBytes, expected == rgba.count else {
      throw .wrongByteCount(width: width, height: height, byteCount: rgba.count)
    }
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// An image of one colour.
  public init(width: Int, height: Int, filledWith color: (UInt8, UInt8, UInt8, UInt8))
    throws(ImageError)
  {
    guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) {
      bytes += [color.0, color.1, color.2, color.3]
    }
    try self.init(width: width, height: height, rgba: bytes)
  }

  /// The size as text: `640×480`.
  public var sizeDescription: String { "\(width)×\(height)" }
}

/// Why an image could not be made, read or written.
public enum ImageError: Error, Equatable, CustomStringConvertible {
  case invalidSize(width: Int, height: Int)
  case wrongByteCount(width: Int, height: Int, byteCount: Int)
  /// The data is not a PNG libpng can read; `byteCount` is the size of the data.
  case invalidPNG(reason: String, byteCount: Int)
  case encodingFailed(reason: String)

  public var description: String {
    switch self {
    case .invalidSize(let width, let height):
      return "an image cannot be \(width)×\(height): PNG needs at least 1×1 pixel"
    case .wrongByteCount(let width, let height, let byteCount):
      return "a \(width)×\(height) RGBA image needs \(width)×\(height)×4 bytes, not \(byteCount)"
    case .invalidPNG(let reason, let byteCount):
      return "not a readable PNG (\(byteCount) bytes): \(reason)"
    case .encodingFailed(let reason):
      return "could not encode the PNG: \(reason)"
    }
  }
}
