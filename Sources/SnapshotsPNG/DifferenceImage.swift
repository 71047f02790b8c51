/// A picture of where two images differ: a faded grey copy of the reference, with pixels beyond
/// the tolerance in red and pixels that changed within it in yellow.
enum DifferenceImage {
  static func make(reference: Image, marks: [UInt8]) throws(ImageError) -> Image {
    var rgba = [UInt8](repeating: 255, count: reference.rgba.count)
    reference.rgba.withUnsafeBufferPointer { source in
      for pixel in 0..<(reference.width * reference.height) {
        let i = pixel * 4
        switch marks.isEmpty ? 0 : marks[pixel] {
        case 2:
          (rgba[i], rgba[i + 1], rgba[i + 2]) = (255, 0, 0)
        case 1:
          (rgba[i], rgba[i + 1], rgba[i + 2]) = (255, 200, 0)
        default:
          let luma =
            (299 * Int(source[i]) + 587 * Int(source[i + 1]) + 114 * Int(source[i + 2])) / 1000
          let faded = 255 - (255 - luma) * Int(source[i + 3]) / 2550
          (rgba[i], rgba[i + 1], rgba[i + 2]) = (UInt8(faded), UInt8(faded), UInt8(faded))
        }
      }
    }
    return try Image(width: reference.width, height: reference.height, rgba: rgba)
  }
}
