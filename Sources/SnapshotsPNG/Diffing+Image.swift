import Foundation
import Snapshots

extension Diffing where Value == Image {
  /// Images stored as PNG and compared by their decoded pixels, never by their bytes.
  ///
  /// A reference is written with where it was recorded (``RecordingEnvironment``, in `tEXt`
  /// chunks); a failure against one recorded elsewhere says so first.
  ///
  /// - Parameters:
  ///   - precision: The fraction of pixels that must match, from 0 to 1.
  ///   - perceptualPrecision: How close a pixel's colour must be to match, from 0 to 1: a pixel
  ///     matches when its CIEDE2000 ΔE is at most `(1 − perceptualPrecision) × 100`. 1 asks for
  ///     the same colour; 0.98 allows ΔE 2, about the smallest difference people notice.
  public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Diffing {
    Diffing(
      toData: { try $0.pngData(recordedIn: .current) },
      fromData: { try Image(pngData: $0) },
      diff: { reference, actual in
        ImageDifference(precision: precision, perceptualPrecision: perceptualPrecision)
          .compare(reference, actual)
      }
    )
  }
}

/// The failure, if any, of comparing two images with the given tolerances.
struct ImageDifference {
  var precision: Double
  var perceptualPrecision: Double

  var tolerance: Double { max(0, (1 - perceptualPrecision) * 100) }

  func compare(_ reference: Image, _ actual: Image) -> SnapshotDifference? {
    guard var difference = pixelDifference(reference, actual) else { return nil }
    if let recorded = reference.recordedIn, !recorded.rendersLike(.current) {
      difference.message =
        "The reference was recorded on \(recorded.summary); this run: "
        + "\(RecordingEnvironment.current.summary). That is the likely cause.\n"
        + difference.message
    }
    return difference
  }

  private func pixelDifference(_ reference: Image, _ actual: Image) -> SnapshotDifference? {
    guard reference.width == actual.width, reference.height == actual.height else {
      return SnapshotDifference(
        "The image sizes differ: the reference is \(reference.sizeDescription), "
          + "the actual image \(actual.sizeDescription).")
    }
    if Self.identical(reference, actual) { return nil }
    let comparison = PixelComparison(reference: reference, actual: actual, tolerance: tolerance)
    let total = reference.width * reference.height
    let allowed = (1 - precision) * Double(total)
    guard Double(comparison.differing) > allowed + 1e-9 else { return nil }
    var message = "\(grouped(comparison.differing)) of \(grouped(total)) pixels "
    message += "(\(percent(Double(comparison.differing) / Double(total)))) differ by more than "
    message += "ΔE2000 \(String(format: "%.1f", tolerance)) (allowed \(percent(1 - precision)))"
    if let largest = comparison.largest {
      message +=
        "; largest ΔE2000 \(String(format: "%.1f", largest.deltaE)) at (\(largest.x), \(largest.y))"
    }
    message += "."
    var artifacts: [SnapshotArtifact] = []
    if let difference = try? DifferenceImage.make(reference: reference, marks: comparison.marks),
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
  private func percent(_ fraction: Double) -> String {
    var text = String(format: "%.2f", fraction * 100)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text + "%"
  }
}
