import Foundation
import LibPNGBaseline
import Snapshots
import SnapshotsPNG

/// Image comparison and PNG coding.
///
/// swift-snapshot-testing has no image support on Linux, so
/// these compare against the floor: a bare `memcmp`, and libpng called directly.
enum ImageWorkloads {
  static func noise(side: Int, seed: UInt32) throws -> Image {
    var state = seed
    var rgba = [UInt8](repeating: 255, count: side * side * 4)
    for index in rgba.indices where index % 4 != 3 {
      state = state &* 1_664_525 &+ 1_013_904_223
      rgba[index] = UInt8(truncatingIfNeeded: state >> 24) / 4 + UInt8(index % 4 * 60)
    }
    return try Image(width: side, height: side, rgba: rgba)
  }

  /// A 4096×4096 image and a copy with 1% of its pixels changed.
  static func onePercentChanged() throws -> (Image, Image) {
    let side = 4096
    let image = try noise(side: side, seed: 1)
    var changed = image.rgba
    for pixel in stride(from: 0, to: side * side, by: 100) { changed[pixel * 4] &+= 40 }
    return (image, try Image(width: side, height: side, rgba: changed))
  }

  /// The floor of comparing two images: one `memcmp` of their pixels.
  static func bareEqual(_ first: Image, _ second: Image) -> Bool {
    first.rgba.withUnsafeBytes { a in
      second.rgba.withUnsafeBytes { b in
        guard let a = a.baseAddress, let b = b.baseAddress else { return false }
        return memcmp(a, b, first.rgba.count) == 0
      }
    }
  }

  static func rows() throws -> [Row] {
    let (image, onePercent) = try onePercentChanged()
    let side = image.width
    let copy = try Image(width: side, height: side, rgba: image.rgba.map { $0 })
    let exact = Diffing<Image>.image()
    let compare = bestTime(runs: 5) { precondition(exact.diff(image, copy) == nil) }
    let bare = bestTime(runs: 5) { precondition(bareEqual(image, copy)) }
    let tolerant = Diffing<Image>.image(precision: 0.98, perceptualPrecision: 0.98)
    let tolerantTime = bestTime(runs: 2) { precondition(tolerant.diff(image, onePercent) == nil) }
    let megapixels = Double(side * side) / 1e6
    return [
      Row(
        name: "identical 4096×4096 RGBA images", ours: compare, baseline: bare,
        baselineName: "bare memcmp", target: "≤ 1.5× memcmp"),
      Row(
        name: "tolerant compare (perceptualPrecision 0.98), 4096², 1% changed", ours: tolerantTime,
        theirs: nil, target: String(format: "%.0f Mpx/s", megapixels / tolerantTime)),
    ] + (try maskAndAntialiasingRows()) + (try codingRows())
  }

  /// Masks and anti-aliasing detection: free on identical images, and on a pair that differs
  /// everywhere measured against our plain compare and pixelmatch's Python port (when installed).
  static func maskAndAntialiasingRows() throws -> [Row] {
    let side = 2048
    let image = try noise(side: side, seed: 3)
    let copy = try Image(width: side, height: side, rgba: image.rgba.map { $0 })
    let other = try noise(side: side, seed: 4)
    let careful = Diffing<Image>.image(
      threshold: 0.1, ignoringAntialiasing: true,
      masks: [
        .pixels(x: 100, y: 100, width: 400, height: 80),
        .fractions(x: 0.75, y: 0, width: 0.25, height: 0.1),
      ])
    let identical = bestTime(runs: 9) { precondition(careful.diff(image, copy) == nil) }
    let bare = bestTime(runs: 9) { precondition(bareEqual(image, copy)) }
    let detecting = Diffing<Image>.image(threshold: 0.1, ignoringAntialiasing: true)
    let everywhere = bestTime(runs: 2) { precondition(detecting.diff(image, other) != nil) }
    let plain = bestTime(runs: 2) { precondition(Diffing<Image>.image().diff(image, other) != nil) }
    var rows = [
      Row(
        name: "identical 2048² images, 2 masks and anti-aliasing detection", ours: identical,
        baseline: bare, baselineName: "bare memcmp", target: "≤ 1.5× memcmp"),
      Row(
        name: "2048² pair differing everywhere, anti-aliasing detection on (with difference image)",
        ours: everywhere, baseline: plain, baselineName: "our plain compare", target: "report"),
    ]
    if let pixelmatch = try pixelmatchSeconds(image, other) {
      rows.append(
        Row(
          name: "the same pair, detection on", ours: everywhere, baseline: pixelmatch,
          baselineName: "pixelmatch (Python)", target: "report"))
    }
    return rows
  }

  /// pixelmatch's own time (its Python port) on a pair with detection on; `nil` when it is not
  /// installed.
  static func pixelmatchSeconds(_ first: Image, _ second: Image) throws -> Double? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pixelmatch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(first.rgba).write(to: folder.appendingPathComponent("a.rgba"))
    try Data(second.rgba).write(to: folder.appendingPathComponent("b.rgba"))
    let script = """
      import sys, time
      try:
          from pixelmatch import pixelmatch
      except ImportError:
          print("missing"); sys.exit(0)
      a = open("a.rgba", "rb").read(); b = open("b.rgba", "rb").read()
      start = time.perf_counter()
      pixelmatch(a, b, \(first.width), \(first.height), threshold=0.1, includeAA=False)
      print(time.perf_counter() - start)
      """
    try Data(script.utf8).write(to: folder.appendingPathComponent("time.py"))
    let output = try ChildProcess.run(
      "/usr/bin/env", ["python3", "time.py"], in: folder, capturingOutput: true)
    return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  static func codingRows() throws -> [Row] {
    let image = try noise(side: 2048, seed: 7)
    let png = try image.pngData()
    var pixels = [UInt8](repeating: 0, count: image.rgba.count)
    let decode = bestTime(runs: 9) { precondition((try? Image(pngData: png)) != nil) }
    let baselineDecode = bestTime(runs: 9) {
      let status = png.withUnsafeBytes { bytes in
        baseline_decode_rgba(
          bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &pixels, pixels.count)
      }
      precondition(status == 0)
    }
    var output = [UInt8](repeating: 0, count: png.count * 2)
    let encode = bestTime(runs: 3) { precondition((try? image.pngData()) != nil) }
    let baselineEncode = bestTime(runs: 3) {
      var size = output.count
      precondition(baseline_encode_rgba(image.rgba, 2048, 2048, &output, &size) == 0)
    }
    return [
      Row(
        name: "PNG decode of a 2048×2048 image", ours: decode, baseline: baselineDecode,
        baselineName: "libpng", target: "≤ 1.1× libpng"),
      Row(
        name: "PNG encode of a 2048×2048 image", ours: encode, baseline: baselineEncode,
        baselineName: "libpng", target: "report"),
    ]
  }
}
