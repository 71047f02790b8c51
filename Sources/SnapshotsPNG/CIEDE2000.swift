import Foundation

/// Colour difference as CIEDE2000 ΔE between sRGB colours (D65).
///
/// This is the metric behind `perceptualPrecision`. About 1 is the smallest difference most people notice; 2–10 is
/// noticeable at a glance; 100 is black against white.
enum CIEDE2000 {
  /// A colour in CIE L*a*b*.
  struct Lab {
    var l: Double, a: Double, b: Double
  }

  /// sRGB-encoded byte → linear light, for every byte value.
  private static let linear: [Double] = (0...255).map { byte in
    let c = Double(byte) / 255
    return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// The Lab colour of sRGB bytes.
  static func lab(red: UInt8, green: UInt8, blue: UInt8) -> Lab {
    lab(linear[Int(red)], linear[Int(green)], linear[Int(blue)])
  }

  /// The Lab colour of sRGB components in 0...255 (fractions allowed, as after blending).
  static func lab(red: Double, green: Double, blue: Double) -> Lab {
    func toLinear(_ value: Double) -> Double {
      let c = value / 255
      return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return lab(toLinear(red), toLinear(green), toLinear(blue))
  }

  private static func lab(_ r: Double, _ g: Double, _ b: Double) -> Lab {
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b
    let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83
    func f(_ t: Double) -> Double {
      t > 216.0 / 24_389 ? cbrt(t) : t * 841.0 / 108 + 4.0 / 29
    }
    let fy = f(y)
    return Lab(l: 116 * fy - 16, a: 500 * (f(x) - fy), b: 200 * (fy - f(z)))
  }

  /// ΔE between two Lab colours (Sharma, Wu and Dalal's formulation).
  static func difference(_ first: Lab, _ second: Lab) -> Double {
    let pow25to7 = 6_103_515_625.0
    let c1 = (first.a * first.a + first.b * first.b).squareRoot()
    let c2 = (second.a * second.a + second.b * second.b).squareRoot()
    let meanC7 = pow((c1 + c2) / 2, 7)
    let g = 0.5 * (1 - (meanC7 / (meanC7 + pow25to7)).squareRoot())
    let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
    let c1p = (a1 * a1 + first.b * first.b).squareRoot()
    let c2p = (a2 * a2 + second.b * second.b).squareRoot()
    let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
    let deltaL = second.l - first.l
    let deltaC = c2p - c1p
    var deltaH = 0.0
    var meanH = h1 + h2
    if c1p * c2p != 0 {
      let dh = h2 - h1
      deltaH = abs(dh) <= 180 ? dh : (dh > 180 ? dh - 360 : dh + 360)
      meanH =
        abs(h1 - h2) <= 180
        ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2)
    }
    let bigDeltaH = 2 * (c1p * c2p).squareRoot() * sin(radians(deltaH / 2))
    let meanL = (first.l + second.l) / 2
    let meanCp = (c1p + c2p) / 2
    let t =
      1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH))
      + 0.32 * cos(radians(3 * meanH + 6)) - 0.20 * cos(radians(4 * meanH - 63))
    let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
    let meanCp7 = pow(meanCp, 7)
    let rc = 2 * (meanCp7 / (meanCp7 + pow25to7)).squareRoot()
    let l50 = (meanL - 50) * (meanL - 50)
    let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
    let sc = 1 + 0.045 * meanCp
    let sh = 1 + 0.015 * meanCp * t
    let rt = -sin(radians(2 * deltaTheta)) * rc
    let l = deltaL / sl, c = deltaC / sc, h = bigDeltaH / sh
    return (l * l + c * c + h * h + rt * c * h).squareRoot()
  }

  private static func hue(_ b: Double, _ a: Double) -> Double {
    if a == 0 && b == 0 { return 0 }
    let degrees = atan2(b, a) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
