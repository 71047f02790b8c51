import Foundation
import Testing

@testable import SnapshotsPNG

/// PngSuite, from `../shared/conformance/pngsuite` beside the checkout: every valid file decodes
/// to exactly the expected RGBA, every `x*.png` is refused with a reason.
enum PngSuite {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/conformance/pngsuite")

  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent("png").path)
  }

  static var files: [String] {
    guard isAvailable else { return [] }
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent("png").path)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted()
  }

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent("png/\(name)"))
  }

  /// Whether the file holds 16-bit samples (PngSuite names end in the bit depth: `…16.png`).
  static func isSixteenBit(_ name: String) -> Bool { name.hasSuffix("16.png") }

  /// The expected RGBA8 pixels: `<name>.json` as it is for 8-bit files; for 16-bit files its
  /// 16-bit samples scaled as documented, `(v × 255 + 32767) / 65535`.
  static func expectedPixels(_ name: String) throws -> [UInt8] {
    let samples = try JSONDecoder().decode([Int].self, from: json(String(name.dropLast(4))))
    guard isSixteenBit(name) else { return samples.map { UInt8($0) } }
    return samples.map { UInt8(($0 * 255 + 32_767) / 65_535) }
  }

  static func json(_ base: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent("json/\(base).json"))
  }

  /// The suite's own 8-bit renderings of 16-bit files, where it has them.
  static func to8Pixels(_ name: String) throws -> [UInt8]? {
    let base = String(name.dropLast(4)) + "_to8"
    guard
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("json/\(base).json").path)
    else { return nil }
    return try JSONDecoder().decode([UInt8].self, from: json(base))
  }
}

@Suite(
  .enabled(
    if: PngSuite.isAvailable,
    "PngSuite is not beside the checkout (../shared/conformance/pngsuite): skipped"))
struct PngSuiteTests {
  @Test(arguments: PngSuite.files.filter { !$0.hasPrefix("x") })
  func decodesToTheExpectedPixels(file: String) throws {
    let image = try Image(pngData: PngSuite.data(file))
    let expected = try PngSuite.expectedPixels(file)
    #expect(image.rgba.count == expected.count)
    let mismatches = zip(image.rgba, expected).filter { $0 != $1 }.count
    #expect(mismatches == 0, "\(file): \(mismatches) of \(expected.count) samples differ")
  }

  @Test(arguments: PngSuite.files.filter { $0.hasPrefix("x") })
  func refusesCorruptFiles(file: String) throws {
    let data = try PngSuite.data(file)
    #expect {
      _ = try Image(pngData: data)
    } throws: { error in
      guard let error = error as? ImageError, case .invalidPNG(let reason, let count) = error else {
        return false
      }
      return !reason.isEmpty && count == data.count
    }
  }

  /// The suite's `_to8.json` files were made mostly with `v >> 8` (and its grey 16-bit ones with
  /// yet another rule); our rounding differs from them by at most one step in any sample.
  @Test(arguments: PngSuite.files.filter { PngSuite.isSixteenBit($0) && !$0.hasPrefix("x") })
  func sixteenBitFilesAreWithinOneStepOfTheSuitesRendering(file: String) throws {
    guard let to8 = try PngSuite.to8Pixels(file) else { return }
    let image = try Image(pngData: PngSuite.data(file))
    #expect(image.rgba.count == to8.count)
    #expect(zip(image.rgba, to8).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
  }

  @Test func suiteIsComplete() {
    #expect(PngSuite.files.count == 175)
  }
}
