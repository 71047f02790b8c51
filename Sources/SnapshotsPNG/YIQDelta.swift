/// Colour difference in the YIQ space, the metric behind `threshold` (pixelmatch's and
/// Playwright's).
///
/// Kotsarenko and Ramos, "Measuring perceived color difference using YIQ NTSC transmission color
/// space in mobile applications" (2010): the weighted square of the Y, I and Q differences, with
/// a translucent colour first blended over white. Black against white is 35215.
enum YIQDelta {
  /// The largest square difference there is, black against white.
  static let maximum = 35215.0

  /// The square difference that a `threshold` from 0 to 1 allows.
  static func allowed(byThreshold threshold: Double) -> Double {
    maximum * threshold * threshold
  }

  /// The square YIQ difference between pixel `i` of `first` and pixel `j` of `second` (byte
  /// offsets); 0 when their bytes are equal.
  static func squared(
    _ first: UnsafeBufferPointer<UInt8>, _ i: Int, _ second: UnsafeBufferPointer<UInt8>, _ j: Int
  ) -> Double {
    guard let (y, i, q) = differences(first, i, second, j) else { return 0 }
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
  }

  /// The signed brightness (Y) difference, for the anti-aliasing detector: positive where the
  /// second pixel is darker.
  static func brightness(
    _ first: UnsafeBufferPointer<UInt8>, _ i: Int, _ second: UnsafeBufferPointer<UInt8>, _ j: Int
  ) -> Double {
    differences(first, i, second, j)?.y ?? 0
  }

  private static func differences(
    _ first: UnsafeBufferPointer<UInt8>, _ i: Int, _ second: UnsafeBufferPointer<UInt8>, _ j: Int
  ) -> (y: Double, i: Double, q: Double)? {
    if first[i] == second[j] && first[i + 1] == second[j + 1] && first[i + 2] == second[j + 2]
      && first[i + 3] == second[j + 3]
    {
      return nil
    }
    let (r1, g1, b1) = overWhite(first, i)
    let (r2, g2, b2) = overWhite(second, j)
    return (
      y(r1, g1, b1) - y(r2, g2, b2),
      (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189)
        - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189),
      (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694)
        - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
    )
  }

  /// Luma of sRGB components in 0...255.
  static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
  }

  /// The pixel's colour blended over white by its alpha; opaque pixels as they are.
  private static func overWhite(_ pixels: UnsafeBufferPointer<UInt8>, _ i: Int) -> (
    Double, Double, Double
  ) {
    let (r, g, b, a) = (
      Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2]), pixels[i + 3]
    )
    guard a < 255 else { return (r, g, b) }
    let alpha = Double(a) / 255
    return (255 + (r - 255) * alpha, 255 + (g - 255) * alpha, 255 + (b - 255) * alpha)
  }
}
