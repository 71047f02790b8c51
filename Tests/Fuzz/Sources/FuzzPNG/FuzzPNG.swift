import Foundation
import FuzzSupport
import SnapshotsPNG

/// Any bytes: decoding refuses them or yields an image that encodes, and decodes back to the
/// same pixels; nothing crashes or reads out of bounds (AddressSanitizer).
func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: count)
  guard let image = try? Image(pngData: Data(input)) else { return 0 }
  guard let encoded = try? image.pngData() else {
    fatalError("a decoded \(image.width)×\(image.height) image does not encode")
  }
  guard let decoded = try? Image(pngData: encoded) else {
    fatalError("an encoded \(image.width)×\(image.height) image does not decode")
  }
  precondition(decoded == image, "encode(decode(x)) decodes to other pixels")
  return 0
}

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzPNG(data, count) }
  }
}
