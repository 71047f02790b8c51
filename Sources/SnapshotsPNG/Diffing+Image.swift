import Foundation
import Snapshots

extension Diffing where Value == Image {
  /// Images stored as PNG and compared by their decoded pixels, never by their bytes.
  ///
  /// A reference is written with where it was recorded (``RecordingEnvironment``, in `tEXt`
  /// chunks); a failure against one recorded elsewhere says so first.
  ///
  /// - Parameters:
  ///   - precision: The fraction of pixels that must match, from 0 to 1. 1, the default, sets no
  ///     allowance of its own when `maxDifferentPixels` or `maxDifferentPixelRatio` is given.
  ///   - perceptualPrecision: How close a pixel's colour must be to match, from 0 to 1: a pixel
  ///     matches when its CIEDE2000 ΔE is at most `(1 − perceptualPrecision) × 100`. 1 asks for
  ///     the same colour; 0.98 allows ΔE 2, about the smallest difference people notice.
  ///   - threshold: Measures colours as pixelmatch and Playwright do instead, by their YIQ
  ///     difference, from 0 (the same colour) to 1 (black against white may pass); their
  ///     default is 0.1. Counts then agree with pixelmatch's. Not together with
  ///     `perceptualPrecision`.
  ///   - maxDifferentPixels: How many pixels may differ.
  ///   - maxDifferentPixelRatio: What share of the pixels may differ, from 0 to 1. With several
  ///     allowances, the smallest applies.
  ///   - ignoringAntialiasing: Whether a differing pixel on an anti-aliased edge in either
  ///     image is left out of the count (pixelmatch's detector); the difference image shows
  ///     those in blue.
  ///   - masks: Rectangles left out of the comparison, shown in magenta in the difference image.
  public static func image(
    precision: Double = 1, perceptualPrecision: Double = 1, threshold: Double? = nil,
    maxDifferentPixels: Int? = nil, maxDifferentPixelRatio: Double? = nil,
    ignoringAntialiasing: Bool = false, masks: [ImageMask] = []
  ) -> Diffing {
    image(
      ImageDifference(
        precision: precision, perceptualPrecision: perceptualPrecision, threshold: threshold,
        maxDifferentPixels: maxDifferentPixels, maxDifferentPixelRatio: maxDifferentPixelRatio,
        ignoringAntialiasing: ignoringAntialiasing, masks: masks))
  }

  static func image(_ comparison: ImageDifference) -> Diffing {
    Diffing(
      toData: { try $0.pngData(recordedIn: .current) },
      fromData: { try Image(pngData: $0) },
      diff: { reference, actual in comparison.compare(reference, actual) }
    )
  }
}

/// The failure, if any, of comparing two images with the given tolerances.
struct ImageDifference {
  var precision: Double = 1
  var perceptualPrecision: Double = 1
  var threshold: Double?
  var maxDifferentPixels: Int?
  var maxDifferentPixelRatio: Double?
  var ignoringAntialiasing = false
  var masks: [ImageMask] = []

  var tolerance: Double { max(0, (1 - perceptualPrecision) * 100) }

  func compare(_ reference: Image, _ actual: Image) -> SnapshotDifference? {
    guard var difference = pixelDifference(reference, actual) else { return nil }
    if let recorded = reference.recordedIn, !recorded.rendersLike(.current) {
      difference.message =
        "The reference was recorded on \(recorded.summary); this run: "
        + "\(RecordingEnvironment.current.summary). That is the likely cause; "
        + "`.perEnvironment()` on the strategy (or `.snapshots(environment: .platform)` on the suite) "
        + "keeps a reference per environment (\"The same result on every machine\").\n"
        + difference.message
    }
    return difference
  }

  /// Why these settings cannot compare anything, checked before the images are: a mistake in
  /// them must fail even when the images are equal.
  private var invalidSettings: String? {
    func outside(_ value: Double) -> Bool { !(0...1).contains(value) }
    if outside(precision) { return "precision \(precision) is not between 0 and 1" }
    if outside(perceptualPrecision) {
      return "perceptualPrecision \(perceptualPrecision) is not between 0 and 1"
    }
    if let threshold, outside(threshold) { return "threshold \(threshold) is not between 0 and 1" }
    if threshold != nil && perceptualPrecision != 1 {
      return "threshold and perceptualPrecision both measure colours: choose one"
    }
    if let maxDifferentPixels, maxDifferentPixels < 0 {
      return "maxDifferentPixels \(maxDifferentPixels) is negative"
    }
    if let maxDifferentPixelRatio, outside(maxDifferentPixelRatio) {
      return "maxDifferentPixelRatio \(maxDifferentPixelRatio) is not between 0 and 1"
    }
    return nil
  }

  /// How many pixels may differ in an image of `total`: the smallest allowance given.
  func allowed(of total: Int) -> (count: Double, text: String) {
    var allowances: [(Double, String)] = []
    if precision < 1 || (maxDifferentPixels == nil && maxDifferentPixelRatio == nil) {
      allowances.append(((1 - precision) * Double(total), percent(1 - precision)))
    }
    if let maxDifferentPixels {
      allowances.append((Double(maxDifferentPixels), pixels(maxDifferentPixels)))
    }
    if let maxDifferentPixelRatio {
      allowances.append((maxDifferentPixelRatio * Double(total), percent(maxDifferentPixelRatio)))
    }
    return allowances.min { $0.0 < $1.0 } ?? (0, "0%")
  }

  private func pixelDifference(_ reference: Image, _ actual: Image) -> SnapshotDifference? {
    if let invalidSettings {
      return SnapshotDifference("The image comparison's settings are invalid: \(invalidSettings).")
    }
    guard reference.width == actual.width, reference.height == actual.height else {
      return SnapshotDifference(
        "The image sizes differ: the reference is \(reference.sizeDescription), "
          + "the actual image \(actual.sizeDescription).")
    }
    do {
      try masks.check(width: actual.width, height: actual.height)
    } catch {
      return SnapshotDifference(error.description)
    }
    if Self.identical(reference, actual) { return nil }
    let masked = (try? masks.coverage(width: actual.width, height: actual.height)) ?? []
    let metric: PixelComparison.Metric =
      threshold.map { .yiq(allowed: YIQDelta.allowed(byThreshold: $0)) }
      ?? .deltaE(tolerance: tolerance)
    let comparison = PixelComparison(
      reference: reference, actual: actual, metric: metric,
      ignoringAntialiasing: ignoringAntialiasing, masked: masked)
    let total = reference.width * reference.height
    let allowed = allowed(of: total)
    guard Double(comparison.differing) > allowed.count + 1e-9 else { return nil }
    let measure =
      threshold.map { "YIQ threshold \($0)" } ?? "ΔE2000 \(String(format: "%.1f", tolerance))"
    var message = "\(grouped(comparison.differing)) of \(grouped(total)) pixels "
    message += "(\(percent(Double(comparison.differing) / Double(total)))) differ by more than "
    message += "\(measure) (allowed \(allowed.text))"
    if let largest = comparison.largest {
      let value =
        threshold == nil
        ? "ΔE2000 \(String(format: "%.1f", largest.value))"
        : "YIQ difference \(String(format: "%.2f", largest.value))"
      message += "; largest \(value) at (\(largest.x), \(largest.y))"
    }
    if comparison.antialiased > 0 {
      message += "; \(grouped(comparison.antialiased)) more on anti-aliased edges, not counted"
    }
    if !masks.isEmpty {
      message += "; \(masks.count) \(masks.count == 1 ? "mask" : "masks") left out"
    }
    message += "; both images \(actual.sizeDescription)"
    if let box = comparison.bounds {
      message += ", the change within (\(box.minX), \(box.minY))–(\(box.maxX), \(box.maxY))"
    }
    message += "."
    var artifacts: [SnapshotArtifact] = []
    if let difference = try? DifferenceImage.make(
      reference: reference, marks: comparison.marks, masked: masked),
      let png = try? difference.pngData()
    {
      artifacts.append(SnapshotArtifact(name: "difference", pathExtension: "png", data: png))
    }
    return SnapshotDifference(message, artifacts: artifacts)
  }

  /// Whether both buffers hold the same bytes: one `memcmp`, the path most comparisons take.
  static func identical(_ reference: Image, _ actual: Image) -> Bool {
    reference.rgba.withUnsafeBytes { old in
      actual.rgba.withUnsafeBytes { new in
        guard let a = old.baseAddress, let b = new.baseAddress else {
          return old.count == new.count
        }
        return old.count == new.count && memcmp(a, b, old.count) == 0
      }
    }
  }

  /// `1 pixel`, `1,024 pixels`.
  func pixels(_ count: Int) -> String { "\(grouped(count)) pixel\(count == 1 ? "" : "s")" }

  private func grouped(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }

  /// A percentage to two decimals, without trailing zeros: `1%`, `0.48%`.
  func percent(_ fraction: Double) -> String {
    var text = String(format: "%.2f", fraction * 100)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text + "%"
  }
}
