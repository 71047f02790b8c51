/// A rectangle of an image left out of comparison, for what may differ from run to run (a
/// clock, a spinner, an avatar).
///
/// ```swift
/// assertSnapshot(of: screen, as: .png(masks: [.pixels(x: 8, y: 8, width: 120, height: 24)]))
/// assertSnapshot(of: screen, as: .png(masks: [.fractions(x: 0.75, y: 0, width: 0.25, height: 0.1)]))
/// ```
///
/// `.png(masks:)` paints each mask in ``color`` in the snapshot itself, so the recorded reference,
/// the actual image and the difference image all show where it is, and a reference recorded
/// without it still compares equal there. A mask that does not lie inside the image fails the
/// assertion, naming the mask and the image's size.
public struct ImageMask: Sendable, Equatable, CustomStringConvertible {
  enum Unit: Sendable, Equatable { case pixels, fractions }

  let unit: Unit
  let x: Double, y: Double, width: Double, height: Double

  /// A rectangle in pixels from the top-left corner.
  public static func pixels(x: Int, y: Int, width: Int, height: Int) -> ImageMask {
    ImageMask(
      unit: .pixels, x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }

  /// A rectangle in fractions of the image's width and height, from 0 to 1.
  ///
  /// It covers the same part of an image of any size; edges are rounded outwards to whole
  /// pixels.
  public static func fractions(x: Double, y: Double, width: Double, height: Double) -> ImageMask {
    ImageMask(unit: .fractions, x: x, y: y, width: width, height: height)
  }

  /// Magenta, as Playwright paints its masks: rarely a colour of the picture itself.
  public static let color: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) = (
    255, 0, 255, 255
  )

  public var description: String {
    switch unit {
    case .pixels:
      return "mask (x \(Int(x)), y \(Int(y)), \(Int(width))×\(Int(height)) pixels)"
    case .fractions:
      return "mask (x \(x), y \(y), \(width)×\(height) of the size)"
    }
  }

  /// The pixels the mask covers in an image of this size, or why it cannot cover any.
  func pixelRect(width imageWidth: Int, height imageHeight: Int) throws(ImageMaskError) -> (
    x: Range<Int>, y: Range<Int>
  ) {
    let size = "\(imageWidth)×\(imageHeight)"
    guard width > 0, height > 0 else {
      throw ImageMaskError(
        description: "The \(self) is empty or has a negative size; the image is \(size).")
    }
    let xs: Range<Int>
    let ys: Range<Int>
    switch unit {
    case .pixels:
      xs = Int(x)..<(Int(x) + Int(width))
      ys = Int(y)..<(Int(y) + Int(height))
      guard xs.lowerBound >= 0, ys.lowerBound >= 0, xs.upperBound <= imageWidth,
        ys.upperBound <= imageHeight
      else {
        throw ImageMaskError(description: "The \(self) lies outside the \(size) image.")
      }
    case .fractions:
      guard x >= 0, y >= 0, x + width <= 1 + 1e-9, y + height <= 1 + 1e-9 else {
        throw ImageMaskError(
          description:
            "The \(self) lies outside the image: fractions run from 0 to 1; the image is \(size).")
      }
      func pixels(_ start: Double, _ length: Double, of total: Int) -> Range<Int> {
        let first = Int((start * Double(total)).rounded(.down))
        let end = min(total, Int(((start + length) * Double(total)).rounded(.up)))
        return first..<max(end, first + 1)
      }
      xs = pixels(x, width, of: imageWidth)
      ys = pixels(y, height, of: imageHeight)
    }
    return (xs, ys)
  }
}

/// A mask that does not fit the image it is applied to.
public struct ImageMaskError: Error, Equatable, CustomStringConvertible {
  public var description: String
}

extension [ImageMask] {
  /// Fails on the first mask that does not fit an image of this size.
  func check(width: Int, height: Int) throws(ImageMaskError) {
    for mask in self { _ = try mask.pixelRect(width: width, height: height) }
  }

  /// Which pixels the masks cover, one flag per pixel; empty when there are no masks.
  func coverage(width: Int, height: Int) throws(ImageMaskError) -> [Bool] {
    guard !isEmpty else { return [] }
    var covered = [Bool](repeating: false, count: width * height)
    for mask in self {
      let rect = try mask.pixelRect(width: width, height: height)
      for row in rect.y {
        for column in rect.x { covered[row * width + column] = true }
      }
    }
    return covered
  }

  /// The image with every mask painted in ``ImageMask/color``.
  package func painted(on image: Image) throws -> Image {
    guard !isEmpty else { return image }
    var rgba = image.rgba
    for mask in self {
      let rect = try mask.pixelRect(width: image.width, height: image.height)
      let color = ImageMask.color
      for row in rect.y {
        for column in rect.x {
          let i = (row * image.width + column) * 4
          (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = (
            color.red, color.green, color.blue, color.alpha
          )
        }
      }
    }
    var result = try Image(width: image.width, height: image.height, rgba: rgba)
    result.recordedIn = image.recordedIn
    return result
  }
}
