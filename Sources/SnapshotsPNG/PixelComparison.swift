/// Compares two images of the same size pixel by pixel: a pure function over RGBA buffers.
///
/// A pixel whose four bytes are equal matches without further work, and so does one under a
/// mask. Otherwise its colour difference is measured by the chosen ``Metric``; a pixel beyond it
/// that lies on an anti-aliased edge in either image (``Antialiasing``) is not counted when
/// anti-aliasing is ignored.
struct PixelComparison {
  /// How far apart two colours are, and how far they may be.
  enum Metric {
    /// CIEDE2000 ΔE, at most `tolerance` (`perceptualPrecision`). Both colours are blended over
    /// white and over black (so a change of transparency shows as a change of colour) and the
    /// larger difference counts; fully transparent pixels therefore match whatever their bytes.
    case deltaE(tolerance: Double)
    /// pixelmatch's square YIQ difference, at most `allowed` (from `threshold`).
    case yiq(allowed: Double)
  }

  /// What a pixel is, for the difference image.
  enum Mark: UInt8 {
    case equal, withinTolerance, beyond, antialiased, masked
  }

  /// Pixels beyond the metric, not counting anti-aliased ones when they are ignored.
  private(set) var differing = 0
  /// Pixels beyond the metric that lie on an anti-aliased edge and were not counted.
  private(set) var antialiased = 0
  /// The largest difference (in the metric's unit: ΔE, or YIQ threshold) and where it is.
  private(set) var largest: (value: Double, x: Int, y: Int)?
  /// Per pixel; empty when no pixel outside the masks changed.
  private(set) var marks: [Mark] = []
  /// The smallest rectangle holding every counted pixel, as inclusive corners.
  private(set) var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

  init(
    reference: Image, actual: Image, metric: Metric, ignoringAntialiasing: Bool = false,
    masked: [Bool] = []
  ) {
    precondition(reference.width == actual.width && reference.height == actual.height)
    let (width, height) = (reference.width, reference.height)
    let edges = Antialiasing(width: width, height: height)
    reference.rgba.withUnsafeBufferPointer { old in
      actual.rgba.withUnsafeBufferPointer { new in
        for pixel in 0..<(width * height) {
          let i = pixel * 4
          if old[i] == new[i] && old[i + 1] == new[i + 1] && old[i + 2] == new[i + 2]
            && old[i + 3] == new[i + 3]
          {
            continue
          }
          if !masked.isEmpty && masked[pixel] { continue }
          if marks.isEmpty { marks = Self.initialMarks(masked, count: width * height) }
          let (x, y) = (pixel % width, pixel / width)
          let value: Double
          let beyond: Bool
          switch metric {
          case .deltaE(let tolerance):
            value = Self.deltaE(old, new, at: i)
            beyond = value > tolerance
          case .yiq(let allowed):
            let squared = YIQDelta.squared(old, i, new, i)
            value = (squared / YIQDelta.maximum).squareRoot()
            beyond = squared > allowed
          }
          if value > (largest?.value ?? -1) { largest = (value, x, y) }
          if !beyond {
            marks[pixel] = .withinTolerance
          } else if ignoringAntialiasing
            && (edges.isEdge(x, y, in: old, comparedWith: new)
              || edges.isEdge(x, y, in: new, comparedWith: old))
          {
            antialiased += 1
            marks[pixel] = .antialiased
          } else {
            differing += 1
            marks[pixel] = .beyond
            bounds =
              bounds.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) }
              ?? (x, y, x, y)
          }
        }
      }
    }
  }

  private static func initialMarks(_ masked: [Bool], count: Int) -> [Mark] {
    masked.isEmpty ? Array(repeating: .equal, count: count) : masked.map { $0 ? .masked : .equal }
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
