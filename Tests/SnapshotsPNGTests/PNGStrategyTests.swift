import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsStrategyLaws
import TestSupport
import Testing

@testable import SnapshotsPNG

/// The `.png` strategies end to end: this package's own references, failures, artifacts.
@Suite struct PNGStrategyTests {
  struct Chart {
    var bars: [Int]

    func render() -> Image {
      let width = bars.count * 8, height = 32
      var rgba = [UInt8](repeating: 255, count: width * height * 4)
      for (index, bar) in bars.enumerated() {
        for y in (height - bar)..<height {
          for x in (index * 8 + 1)..<(index * 8 + 7) {
            let i = (y * width + x) * 4
            rgba.replaceSubrange(i..<i + 4, with: [40, 90, UInt8(120 + index * 20), 255])
          }
        }
      }
      return (try? Image(width: width, height: height, rgba: rgba)) ?? Image.empty
    }
  }

  @Test func imageMatchesItsReference() {
    assertSnapshot(of: Chart(bars: [4, 12, 30, 18]).render(), as: .png)
  }

  @Test func pngDataMatchesByPixels() throws {
    assertSnapshot(of: try Chart(bars: [4, 12, 30, 18]).render().pngData(), as: .png)
  }

  @Test func ownTypesPullBack() {
    let strategy: Snapshotting<Chart, Image> = .png.pullback { $0.render() }
    assertSnapshot(of: Chart(bars: [1, 2, 3]), as: strategy)
  }

  @Test func failureWritesActualAndDifferenceImages() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let folder = temporary.url
    let artifacts = folder.appendingPathComponent("artifacts")
    let reference = Chart(bars: [4, 12, 30, 18]).render()
    try reference.pngData().write(to: folder.appendingPathComponent("chart.1.png"))
    let message = try #require(
      withSnapshotTesting(artifactsDirectory: artifacts.path) {
        verifySnapshot(
          of: Chart(bars: [4, 12, 31, 18]).render(), as: .png, record: .never,
          snapshotDirectory: folder.path, testName: "chart")
      })
    #expect(
      message.contains("6 of 1,024 pixels (0.59%) differ by more than ΔE2000 0.0 (allowed 0%)"))
    // A reference folder outside any package has its artifacts under `outside/`.
    let place = ArtifactsFolder.relativeFolder(
      of: folder.standardizedFileURL.path, packageRoot: nil)
    #expect(place.hasPrefix("outside/"))
    let actual = try Image(
      pngData: Data(contentsOf: artifacts.appendingPathComponent("\(place)/chart.1.png")))
    #expect(actual == Chart(bars: [4, 12, 31, 18]).render())
    let difference = try Image(
      pngData: Data(
        contentsOf: artifacts.appendingPathComponent("\(place)/chart.1.difference.png"))
    )
    #expect(difference.rgba.count == actual.rgba.count)
    #expect(
      message.contains("Artifact:  \(artifacts.path)/\(place)/chart.1.difference.png"))
  }

  @Test func unreadableReferenceNamesTheFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.file("broken.1.png")
    try Data("not a png".utf8).write(to: path)
    let message = verifySnapshot(
      of: Chart(bars: [1]).render(), as: .png, record: .never, snapshotDirectory: folder.path,
      testName: "broken")
    #expect(
      message?.hasPrefix(
        "The reference could not be read (not a readable PNG (9 bytes): not a PNG file: the 8-byte signature is missing): \(path.path)"
      ) == true)
    #expect(try Data(contentsOf: path) == Data("not a png".utf8))
  }
}

extension PNGStrategyTests {
  /// `.png` keeps the strategy laws, with tolerances and masks too (samples far enough apart).
  @Test func thePNGStrategiesKeepTheLaws() async throws {
    let images = [
      try Image(width: 4, height: 3, filledWith: (0, 0, 0, 255)),
      try Image(width: 4, height: 3, filledWith: (255, 255, 255, 255)),
      try Image(width: 3, height: 4, filledWith: (0, 0, 0, 128)),
    ]
    await assertStrategyLaws(.png, samples: images)
    await assertStrategyLaws(
      .png(
        threshold: 0.1, ignoringAntialiasing: true,
        masks: [.pixels(x: 0, y: 0, width: 1, height: 1)]),
      samples: images)
    await assertStrategyLaws(
      Snapshotting<Data, Image>.png, samples: try images.map { try $0.pngData() })
  }
}
