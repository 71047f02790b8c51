import Foundation
import Snapshots
import TestSupport
import Testing

@testable import SnapshotsPNG

/// Masks, allowances and anti-aliasing, through `verifySnapshot` against references on disk as a
/// test would use them.
@Suite struct MaskAndAntialiasingTests {
  static let clock = ImageMask.pixels(x: 30, y: 2, width: 16, height: 8)

  /// Records `reference` with `strategy`, then verifies `actual` against it; the failure message,
  /// and the artifacts folder.
  static func verify(
    _ actual: Image, against reference: Image, as strategy: Snapshotting<Image, Image>
  ) throws -> (message: String?, artifacts: URL, folder: TemporaryDirectory) {
    let folder = try TemporaryDirectory()
    let artifacts = folder.url.appendingPathComponent("artifacts")
    let recorded = verifySnapshot(
      of: reference, as: strategy, named: "screen", record: .all, snapshotDirectory: folder.path,
      testName: "test")
    #expect(recorded?.hasPrefix("Recorded") == true, "\(recorded ?? "nil")")
    let message = withSnapshotTesting(artifactsDirectory: artifacts.path) {
      verifySnapshot(
        of: actual, as: strategy, named: "screen", record: .never, snapshotDirectory: folder.path,
        testName: "test")
    }
    return (message, artifacts, folder)
  }

  static func artifact(_ name: String, in artifacts: URL) throws -> Image {
    let folders = try FileManager.default.subpathsOfDirectory(atPath: artifacts.path)
    let path = try #require(folders.first { $0.hasSuffix(name) })
    return try Image(pngData: Data(contentsOf: artifacts.appendingPathComponent(path)))
  }

  static func pixel(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * image.width + x) * 4
    return Array(image.rgba[i..<i + 4])
  }

  static func changed(_ image: Image, at points: [(Int, Int)]) throws -> Image {
    var rgba = image.rgba
    for (x, y) in points {
      rgba.replaceSubrange(
        (y * image.width + x) * 4..<(y * image.width + x) * 4 + 4, with: [0, 0, 0, 255])
    }
    return try Image(width: image.width, height: image.height, rgba: rgba)
  }

  @Test func aChangeUnderAMaskPasses() throws {
    let screen = try Scenes.disc(antialiased: true)
    let run = try Self.verify(
      Self.changed(screen, at: [(31, 3), (45, 9)]), against: screen,
      as: .png(masks: [Self.clock]))
    defer { run.folder.remove() }
    #expect(run.message == nil)
    // The recorded reference shows the mask.
    let recorded = try Image(pngData: Data(contentsOf: run.folder.file("test.screen.png")))
    #expect(Self.pixel(recorded, 30, 2) == [255, 0, 255, 255])
    #expect(Self.pixel(recorded, 29, 2) == Self.pixel(screen, 29, 2))
  }

  @Test func aReferenceRecordedWithoutTheMaskStillPassesUnderIt() throws {
    let screen = try Scenes.disc(antialiased: true)
    let run = try Self.verify(
      Self.changed(screen, at: [(31, 3)]), against: screen, as: .png)
    defer { run.folder.remove() }
    #expect(run.message != nil)
    let masked = verifySnapshot(
      of: try Self.changed(screen, at: [(31, 3)]), as: .png(masks: [Self.clock]), named: "screen",
      record: .never,
      snapshotDirectory: run.folder.path, testName: "test")
    #expect(masked == nil)
  }

  @Test func aChangeOutsideTheMaskFailsAndTheImagesShowTheMask() throws {
    let screen = try Scenes.disc(antialiased: true)
    let run = try Self.verify(
      Self.changed(screen, at: [(31, 3), (5, 40)]), against: screen,
      as: .png(masks: [Self.clock]))
    defer { run.folder.remove() }
    let message = try #require(run.message)
    #expect(
      message.contains(
        "1 of 2,304 pixels (0.04%) differ by more than ΔE2000 0.0 (allowed 0%); largest ΔE2000"))
    #expect(
      message.contains(
        " at (5, 40); 1 mask left out; both images 48×48, the change within (5, 40)–(5, 40)."),
      "\(message)")
    let difference = try Self.artifact("test.screen.difference.png", in: run.artifacts)
    #expect(Self.pixel(difference, 31, 3) == [255, 0, 255, 255])
    #expect(Self.pixel(difference, 5, 40) == [255, 0, 0, 255])
    let actual = try Self.artifact("test.screen.png", in: run.artifacts)
    #expect(Self.pixel(actual, 31, 3) == [255, 0, 255, 255])
    #expect(Self.pixel(actual, 5, 40) == [0, 0, 0, 255])
  }

  @Test func fractionsCoverTheSamePartOfAnySize() throws {
    let mask = ImageMask.fractions(x: 0.5, y: 0, width: 0.5, height: 0.25)
    let small = try mask.pixelRect(width: 48, height: 48)
    #expect(small.x == 24..<48 && small.y == 0..<12)
    let odd = try mask.pixelRect(width: 7, height: 5)
    #expect(odd.x == 3..<7 && odd.y == 0..<2)
  }

  @Test func antialiasingOnlyChangesPassWithDetectionAndFailWithout() throws {
    for reference in [try Scenes.disc(antialiased: true), try Scenes.stroke(antialiased: true)] {
      let aliased =
        reference == (try Scenes.disc(antialiased: true))
        ? try Scenes.disc(antialiased: false) : try Scenes.stroke(antialiased: false)
      for strategy in [Snapshotting<Image, Image>.png, .png(threshold: 0.1)] {
        let counted = try Self.verify(aliased, against: reference, as: strategy)
        defer { counted.folder.remove() }
        #expect(counted.message != nil)
      }
      for strategy in [
        Snapshotting<Image, Image>.png(ignoringAntialiasing: true),
        .png(threshold: 0.1, ignoringAntialiasing: true),
      ] {
        let ignored = try Self.verify(aliased, against: reference, as: strategy)
        defer { ignored.folder.remove() }
        #expect(ignored.message == nil)
      }
    }
  }

  @Test func ignoredEdgesAreCountedApartAndDrawnInBlue() throws {
    let reference = try Scenes.disc(antialiased: true)
    let actual = try Self.changed(Scenes.disc(antialiased: false), at: [(2, 2)])
    let run = try Self.verify(
      actual, against: reference, as: .png(threshold: 0.1, ignoringAntialiasing: true))
    defer { run.folder.remove() }
    let message = try #require(run.message)
    #expect(message.contains("1 of 2,304 pixels (0.04%) differ by more than YIQ threshold 0.1"))
    #expect(
      message.contains("; 52 more on anti-aliased edges, not counted; both images 48×48"),
      "\(message)")
    let difference = try Self.artifact("test.screen.difference.png", in: run.artifacts)
    let blue = stride(from: 0, to: difference.rgba.count, by: 4).filter {
      Array(difference.rgba[$0..<$0 + 4]) == [0, 140, 255, 255]
    }
    #expect(blue.count == 52)
    #expect(Self.pixel(difference, 2, 2) == [255, 0, 0, 255])
  }

  @Test func allowancesInPixelsAndAsAShare() throws {
    let reference = try Scenes.disc(antialiased: true)
    let actual = try Scenes.speckled(reference, count: 40, seed: 7)
    let differing = PixelComparison(
      reference: reference, actual: actual, metric: .deltaE(tolerance: 0)
    ).differing
    #expect(differing > 30)
    #expect(Diffing<Image>.image(maxDifferentPixels: differing).diff(reference, actual) == nil)
    let fewer = try #require(
      Diffing<Image>.image(maxDifferentPixels: differing - 1).diff(reference, actual))
    #expect(fewer.message.contains("(allowed \(differing - 1) pixels)"))
    let share = Double(differing) / 2304
    #expect(Diffing<Image>.image(maxDifferentPixelRatio: share).diff(reference, actual) == nil)
    // The smallest allowance applies.
    #expect(
      Diffing<Image>.image(maxDifferentPixels: 1000, maxDifferentPixelRatio: share / 2)
        .diff(reference, actual) != nil)
    #expect(
      Diffing<Image>.image(precision: 0.5, maxDifferentPixels: 1).diff(reference, actual) != nil)
  }

  @Test(arguments: [
    (
      ImageMask.pixels(x: 40, y: 40, width: 20, height: 20),
      "The mask (x 40, y 40, 20×20 pixels) lies outside the 48×48 image."
    ),
    (
      ImageMask.pixels(x: 4, y: 4, width: -3, height: 8),
      "The mask (x 4, y 4, -3×8 pixels) is empty or has a negative size; the image is 48×48."
    ),
    (
      ImageMask.fractions(x: 0.5, y: 0, width: 0.75, height: 0.5),
      "The mask (x 0.5, y 0.0, 0.75×0.5 of the size) lies outside the image: fractions run from 0 to 1; the image is 48×48."
    ),
  ])
  func aMaskThatDoesNotFitFailsEvenWhenTheImagesAreEqual(mask: ImageMask, expected: String) throws {
    let screen = try Scenes.disc(antialiased: true)
    #expect(Diffing<Image>.image(masks: [mask]).diff(screen, screen)?.message == expected)
    // Recording paints the mask: the assertion fails rather than record without it.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let message = verifySnapshot(
      of: screen, as: .png(masks: [mask]), named: "screen", record: .all,
      snapshotDirectory: folder.path, testName: "test")
    #expect(message?.contains(expected) == true, "\(message ?? "nil")")
    #expect(!FileManager.default.fileExists(atPath: folder.file("test.screen.png").path))
  }

  @Test(arguments: [
    (ImageDifference(threshold: 1.5), "threshold 1.5 is not between 0 and 1"),
    (
      ImageDifference(perceptualPrecision: 0.98, threshold: 0.1),
      "threshold and perceptualPrecision both measure colours: choose one"
    ),
    (ImageDifference(maxDifferentPixels: -1), "maxDifferentPixels -1 is negative"),
    (
      ImageDifference(maxDifferentPixelRatio: 2),
      "maxDifferentPixelRatio 2.0 is not between 0 and 1"
    ),
  ])
  func invalidSettingsFailEvenWhenTheImagesAreEqual(comparison: ImageDifference, reason: String)
    throws
  {
    let screen = try Scenes.disc(antialiased: true)
    #expect(
      comparison.compare(screen, screen)?.message
        == "The image comparison's settings are invalid: \(reason).")
  }
}
