import Foundation
import Snapshots
import Testing

@testable import SnapshotsPNG

/// Pairs of images with the number of pixels that must count as different at each tolerance.
@Suite struct ImageComparisonTests {
  struct Fixture: CustomTestStringConvertible, Sendable {
    var name: String
    var change: @Sendable (inout [UInt8]) -> Void
    /// `(perceptualPrecision, differing pixels)`.
    var expected: [(Double, Int)]
    var testDescription: String { name }
  }

  static let base: Image = {
    var rgba: [UInt8] = []
    for y in 0..<16 {
      for x in 0..<16 { rgba += [UInt8(x * 16), UInt8(y * 16), 128, 255] }
    }
    return (try? Image(width: 16, height: 16, rgba: rgba)) ?? Image.empty
  }()

  static func pixel(_ x: Int, _ y: Int) -> Int { (y * 16 + x) * 4 }

  static let fixtures: [Fixture] = [
    Fixture(name: "identical", change: { _ in }, expected: [(1, 0), (0.98, 0)]),
    Fixture(
      name: "one red pixel",
      change: { $0.replaceSubrange(pixel(3, 4)..<pixel(3, 4) + 3, with: [255, 0, 0]) },
      expected: [(1, 1), (0.98, 1), (0.9, 1)]),
    Fixture(
      name: "ten pixels one step redder",
      change: { rgba in for x in 0..<10 { rgba[pixel(x, 2)] += 1 } },
      expected: [(1, 10), (0.98, 0)]),
    Fixture(
      name: "opaque pixel made transparent", change: { $0[pixel(5, 5) + 3] = 0 },
      expected: [(1, 1), (0.98, 1)]),
    Fixture(
      name: "half transparent", change: { $0[pixel(6, 6) + 3] = 128 },
      expected: [(1, 1), (0.98, 1)]),
  ]

  @Test(arguments: fixtures)
  func countsDifferingPixels(fixture: Fixture) throws {
    var rgba = Self.base.rgba
    fixture.change(&rgba)
    let changed = try Image(width: 16, height: 16, rgba: rgba)
    for (perceptualPrecision, count) in fixture.expected {
      let tolerance = (1 - perceptualPrecision) * 100
      let comparison = PixelComparison(
        reference: Self.base, actual: changed, metric: .deltaE(tolerance: tolerance))
      #expect(
        comparison.differing == count,
        "\(fixture.name) at perceptualPrecision \(perceptualPrecision)")
    }
  }

  @Test func invisiblePixelsMatchWhateverTheirColour() throws {
    let clear = try Image(width: 2, height: 1, rgba: [10, 20, 30, 0, 0, 0, 0, 0])
    let other = try Image(width: 2, height: 1, rgba: [200, 0, 99, 0, 1, 2, 3, 0])
    #expect(Diffing<Image>.image().diff(clear, other) == nil)
  }

  @Test func precisionAllowsAFractionOfPixels() throws {
    let reference = try Image(width: 10, height: 10, filledWith: (0, 0, 0, 255))
    var rgba = reference.rgba
    rgba[0] = 255
    let one = try Image(width: 10, height: 10, rgba: rgba)
    rgba[4] = 255
    let two = try Image(width: 10, height: 10, rgba: rgba)
    #expect(Diffing<Image>.image(precision: 0.99).diff(reference, one) == nil)
    let failure = try #require(Diffing<Image>.image(precision: 0.99).diff(reference, two))
    #expect(
      failure.message.hasPrefix(
        "2 of 100 pixels (2%) differ by more than ΔE2000 0.0 (allowed 1%); largest ΔE2000 "))
    #expect(
      failure.message.hasSuffix(" at (0, 0); both images 10×10, the change within (0, 0)–(1, 0)."))
    #expect(failure.artifacts.map(\.name) == ["difference"])
  }

  @Test func largeCountsAreGrouped() throws {
    let reference = try Image(width: 300, height: 300, filledWith: (0, 0, 0, 255))
    let actual = try Image(width: 300, height: 300, filledWith: (0, 0, 255, 255))
    let failure = try #require(
      Diffing<Image>.image(perceptualPrecision: 0.98).diff(reference, actual))
    #expect(
      failure.message.hasPrefix(
        "90,000 of 90,000 pixels (100%) differ by more than ΔE2000 2.0 (allowed 0%)"))
  }

  @Test func sizeMismatchNamesBothSizes() throws {
    let small = try Image(width: 2, height: 3, filledWith: (0, 0, 0, 255))
    let large = try Image(width: 4, height: 3, filledWith: (0, 0, 0, 255))
    #expect(
      Diffing<Image>.image().diff(small, large)?.message
        == "The image sizes differ: the reference is 2×3, the actual image 4×3.")
  }

  @Test func differenceImageMarksChanges() throws {
    var rgba = Self.base.rgba
    rgba.replaceSubrange(Self.pixel(3, 4)..<Self.pixel(3, 4) + 3, with: [255, 0, 0])
    let changed = try Image(width: 16, height: 16, rgba: rgba)
    let comparison = PixelComparison(
      reference: Self.base, actual: changed, metric: .deltaE(tolerance: 0))
    let difference = try DifferenceImage.make(
      reference: Self.base, marks: comparison.marks, masked: [])
    #expect(Array(difference.rgba[Self.pixel(3, 4)..<Self.pixel(3, 4) + 4]) == [255, 0, 0, 255])
    let faded = difference.rgba[Self.pixel(0, 0)]
    #expect(faded > 200 && difference.rgba[Self.pixel(0, 0) + 1] == faded)
  }
}

extension Image {
  static let empty: Image = {
    guard let image = try? Image(width: 1, height: 1, rgba: [0, 0, 0, 0]) else {
      preconditionFailure()
    }
    return image
  }()
}
