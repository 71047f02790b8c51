/// A picture of where two images differ, drawn over a faded grey copy of the reference so a
/// reader sees where: pixels beyond the tolerance in red, pixels that changed within it in
/// orange, changes on anti-aliased edges that were not counted in blue, masks in magenta.
enum DifferenceImage {
  static func make(reference: Image, marks: [PixelComparison.Mark], masked: [Bool])
    throws(ImageError)
    -> Image
  {
    var rgba = [UInt8](repeating: 255, count: reference.rgba.count)
    reference.rgba.withUnsafeBufferPointer { source in
      for pixel in 0..<(reference.width * reference.height) {
        let i = pixel * 4
        let mark =
          marks.isEmpty ? (masked.isEmpty || !masked[pixel] ? .equal : .masked) : marks[pixel]
        switch mark {
        case .beyond:
          (rgba[i], rgba[i + 1], rgba[i + 2]) = (255, 0, 0)
        case .withinTolerance:
          (rgba[i], rgba[i + 1], rgba[i + 2]) = (255, 200, 0)
        case .antialiased:
          (rgba[i], rgba[i + 1], rgba[i + 2]) = (0, 140, 255)
        case .masked:
          (rgba[i], rgba[i + 1], rgba[i + 2]) = (
            ImageMask.color.red, ImageMask.color.green, ImageMask.color.blue
          )
        case .equal:
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
