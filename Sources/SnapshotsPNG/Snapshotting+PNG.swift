import Foundation
import Snapshots

// Declared for any value with an image format, so that a pullback can start from it:
// `let strategy: Snapshotting<Chart, Image> = .png.pullback { $0.render() }`.
extension Snapshotting where Format == Image {
  /// An image, stored as a PNG and compared pixel for pixel.
  ///
  /// ```swift
  /// assertSnapshot(of: chart.render(), as: .png)
  /// let strategy: Snapshotting<Chart, Image> = .png.pullback { $0.render() }
  /// ```
  ///
  /// A failure says how many pixels differ and by how much, and writes the actual image and a
  /// difference image (changes in red over a faded copy of the reference) to the artifacts folder;
  /// under Swift Testing they are also attached to the test.
  public static var png: Snapshotting<Image, Image> { .png() }

  /// An image compared with tolerances and masks; the parameters are
  /// ``Snapshots/Diffing/image(precision:perceptualPrecision:threshold:maxDifferentPixels:maxDifferentPixelRatio:ignoringAntialiasing:masks:)``'s.
  ///
  /// ```swift
  /// assertSnapshot(
  ///   of: dashboard.render(),
  ///   as: .png(threshold: 0.1, maxDifferentPixels: 20, ignoringAntialiasing: true,
  ///            masks: [.pixels(x: 560, y: 8, width: 72, height: 20)]))
  /// ```
  ///
  /// Masks are painted in ``ImageMask/color`` in the snapshot itself: the reference, the actual
  /// image and the difference image show where they are.
  public static func png(
    precision: Double = 1, perceptualPrecision: Double = 1, threshold: Double? = nil,
    maxDifferentPixels: Int? = nil, maxDifferentPixelRatio: Double? = nil,
    ignoringAntialiasing: Bool = false, masks: [ImageMask] = []
  ) -> Snapshotting<Image, Image> {
    let comparison = ImageDifference(
      precision: precision, perceptualPrecision: perceptualPrecision, threshold: threshold,
      maxDifferentPixels: maxDifferentPixels, maxDifferentPixelRatio: maxDifferentPixelRatio,
      ignoringAntialiasing: ignoringAntialiasing, masks: masks)
    let diffing = Diffing<Image>.image(comparison)
    var strategy =
      masks.isEmpty
      ? Snapshotting<Image, Image>(pathExtension: "png", diffing: diffing)
      : Snapshotting<Image, Image>(pathExtension: "png", diffing: diffing) { image in
        Async(catching: { try masks.painted(on: image) })
      }
    strategy.changes = comparison.changes(of:)
    return strategy
  }
}

extension Snapshotting where Value == Data, Format == Image {
  /// PNG data (a thumbnail, a rendered page), compared by its pixels rather than its bytes.
  ///
  /// ```swift
  /// assertSnapshot(of: thumbnailPNG, as: .png(precision: 0.99, perceptualPrecision: 0.98))
  /// ```
  ///
  /// Data that is not a readable PNG fails the assertion with libpng's reason.
  public static var png: Snapshotting { .png() }

  /// PNG data compared with tolerances and masks, as images are.
  public static func png(
    precision: Double = 1, perceptualPrecision: Double = 1, threshold: Double? = nil,
    maxDifferentPixels: Int? = nil, maxDifferentPixelRatio: Double? = nil,
    ignoringAntialiasing: Bool = false, masks: [ImageMask] = []
  ) -> Snapshotting {
    Snapshotting<Image, Image>.png(
      precision: precision, perceptualPrecision: perceptualPrecision, threshold: threshold,
      maxDifferentPixels: maxDifferentPixels, maxDifferentPixelRatio: maxDifferentPixelRatio,
      ignoringAntialiasing: ignoringAntialiasing, masks: masks
    )
    .asyncPullback { (data: Data) in Async(catching: { try Image(pngData: data) }) }
  }
}
