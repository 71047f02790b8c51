/// Compares two images of the same size pixel by pixel: a pure function over RGBA buffers.
///
/// A pixel whose four bytes are equal matches without further work. Otherwise both colours are
/// blended over white and over black (so a change of transparency shows as a change of colour)
/// and the larger of the two CIEDE2000 differences is its ΔE. Fully transparent pixels therefore
/// match whatever their colour bytes.
struct PixelComparison {
  /// Pixels whose ΔE is above the tolerance.
  private(set) var differing = 0
  /// The largest ΔE and where it is.
  private(set) var largest: (deltaE: Double, x: Int, y: Int)?
  /// Per pixel: 0 equal bytes, 1 within the tolerance, 2 beyond it; empty when nothing changed.
  private(set) var marks: [UInt8] = []

  init(reference: Image, actual: Image, tolerance: Double) {
    precondition(reference.width == actual.width && reference.height == actual.height)
    let width = reference.width
    reference.rgba.withUnsafeBufferPointer { old in
      actual.rgba.withUnsafeBufferPointer { new in
        for pixel in 0..<(width * reference.height) {
          let i = pixel * 4
          if old[i] == new[i] && old[i + 1] == new[i + 1] && old[i + 2] == new[i + 2]
            && old[i + 3] == new[i + 3]
          {
            continue
          }
          if marks.isEmpty { marks = Array(repeating: 0, count: width * reference.height) }
          let deltaE = Self.deltaE(old, new, at: i)
          if deltaE > (largest?.deltaE ?? -1) { largest = (deltaE, pixel % width, pixel / width) }
          if deltaE > tolerance {
            differing += 1
            marks[pixel] = 2
          } else {
            marks[pixel] = 1
          }
        }
      }
    }
  }

  private static func deltaE(
    _ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>, at i: Int
  ) -> Double {
    if old[i + 3] == 255 && new[i + 3] == 255 {
      return CIEDE2000.difference(
        CIEDE2000.lab(red: old[i], green: old[i + 1], blue: old[i + 2]),
        CIEDE2000.lab(red: new[i], green: new[i + 1], blue: new[i + 2]))
    }
    return max(blendedDeltaE(old, new, i, over: 255), blendedDeltaE(old, new, i, over: 0))
  }

  private static func blendedDeltaE(
    _ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>, _ i: Int,
    over background: Double
  ) -> Double {
    func blended(_ pixels: UnsafeBufferPointer<UInt8>) -> CIEDE2000.Lab {
      let alpha = Double(pixels[i + 3]) / 255
      func channel(_ value: UInt8) -> Double { background + (Double(value) - background) * alpha }
      return CIEDE2000.lab(
        red: channel(pixels[i]), green: channel(pixels[i + 1]), blue: channel(pixels[i + 2]))
    }
    return CIEDE2000.difference(blended(old), blended(new))
  }
}
