import SnapshotsPNG
import TestSupport

/// Pictures drawn by the tests: shapes with and without anti-aliased edges, and changes to them.
enum Scenes {
  typealias Color = (UInt8, UInt8, UInt8, UInt8)

  /// A picture where each pixel's colour blends `foreground` over `background` by how much of
  /// the pixel `inside` covers: 4×4 samples when anti-aliased, the centre alone when not.
  static func draw(
    width: Int = 48, height: Int = 48, background: Color = (250, 250, 250, 255),
    foreground: Color = (20, 60, 160, 255), antialiased: Bool,
    inside: (Double, Double) -> Bool
  ) throws -> Image {
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    let samples = antialiased ? 4 : 1
    for y in 0..<height {
      for x in 0..<width {
        var covered = 0
        for sy in 0..<samples {
          for sx in 0..<samples {
            let px = Double(x) + (Double(sx) + 0.5) / Double(samples)
            let py = Double(y) + (Double(sy) + 0.5) / Double(samples)
            if inside(px, py) { covered += 1 }
          }
        }
        let coverage = Double(covered) / Double(samples * samples)
        func mix(_ b: UInt8, _ f: UInt8) -> UInt8 {
          UInt8((Double(b) + (Double(f) - Double(b)) * coverage).rounded())
        }
        let i = (y * width + x) * 4
        rgba[i] = mix(background.0, foreground.0)
        rgba[i + 1] = mix(background.1, foreground.1)
        rgba[i + 2] = mix(background.2, foreground.2)
        rgba[i + 3] = mix(background.3, foreground.3)
      }
    }
    return try Image(width: width, height: height, rgba: rgba)
  }

  static func disc(
    centerX: Double = 24, centerY: Double = 24, radius: Double = 15, antialiased: Bool,
    foreground: Color = (20, 60, 160, 255)
  ) throws -> Image {
    try draw(foreground: foreground, antialiased: antialiased) { x, y in
      (x - centerX) * (x - centerX) + (y - centerY) * (y - centerY) <= radius * radius
    }
  }

  /// A thick diagonal stroke, as text and chart lines have.
  static func stroke(antialiased: Bool, offset: Double = 0) throws -> Image {
    try draw(antialiased: antialiased) { x, y in abs(y - (x * 0.6 + 8 + offset)) <= 2.5 }
  }

  /// `image` with `count` pixels in `0..<limit` (rows and columns) set to random colours.
  static func speckled(_ image: Image, count: Int, seed: UInt64, alpha: Bool = false) throws
    -> Image
  {
    var generator = SplitMix(seed: seed)
    var rgba = image.rgba
    for _ in 0..<count {
      let pixel = Int.random(in: 0..<(image.width * image.height), using: &generator)
      for channel in 0..<(alpha ? 4 : 3) {
        rgba[pixel * 4 + channel] = UInt8.random(in: 0...255, using: &generator)
      }
    }
    return try Image(width: image.width, height: image.height, rgba: rgba)
  }

  /// `image` with every colour channel moved by `step`, clamped.
  static func shifted(_ image: Image, by step: Int) throws -> Image {
    let rgba = image.rgba.enumerated().map { index, value in
      index % 4 == 3 ? value : UInt8(clamping: Int(value) + step)
    }
    return try Image(width: image.width, height: image.height, rgba: rgba)
  }
}
