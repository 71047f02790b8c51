import Foundation
import SnapshotsPNG
import TestSupport
import Testing

/// References carry where they were recorded, in `tEXt` chunks libpng reads back; comparison
/// stays on pixels, and a failure against a reference from elsewhere says so first.
@Suite struct RecordingEnvironmentTests {
  static let elsewhere = RecordingEnvironment(
    operatingSystem: "macOS 15.2", architecture: "arm64", swift: "6.2", libpng: "1.6.43")
  let image: Image

  init() throws {
    image = try Image(width: 4, height: 2, filledWith: (10, 20, 30, 255))
  }

  @Test func recordedReferencesSayWhereInTextChunks() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = verifySnapshot(
      of: image, as: .png, named: "dot", record: .missing, snapshotDirectory: folder.path,
      testName: "recorded")
    let data = try Data(contentsOf: folder.file("recorded.dot.png"))
    let texts = try Image.textChunks(inPNG: data)
    let here = RecordingEnvironment.current
    #expect(texts["Snapshots OS"] == here.operatingSystem)
    #expect(texts["Snapshots Architecture"] == here.architecture)
    #expect(texts["Snapshots libpng"] == here.libpng && here.libpng.hasPrefix("1.6"))
    #expect(here.architecture == "x86_64" || here.architecture == "aarch64")
    let decoded = try Image(pngData: data)
    #expect(decoded == image && decoded.recordedIn == here)
  }

  @Test func anUnchangedImageFromElsewhereIsNeverRewritten() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.file("same.1.png")
    let original = try image.pngData(recordedIn: Self.elsewhere)
    try original.write(to: file)
    #expect(
      verifySnapshot(
        of: image, as: .png, record: .all, snapshotDirectory: folder.path, testName: "same")
        == nil)
    #expect(try Data(contentsOf: file) == original)
  }

  @Test func aFailureAgainstAReferenceFromElsewhereSaysSoFirst() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try image.pngData(recordedIn: Self.elsewhere).write(to: folder.file("moved.1.png"))
    let changed = try Image(width: 4, height: 2, filledWith: (10, 20, 31, 255))
    let message = verifySnapshot(
      of: changed, as: .png, record: .never, snapshotDirectory: folder.path, testName: "moved")
    #expect(
      message?.contains(
        "The reference was recorded on macOS 15.2 arm64, Swift 6.2, libpng 1.6.43; this run: \(RecordingEnvironment.current.summary). That is the likely cause; `.perEnvironment()` on the strategy (or `.snapshots(environment: .platform)` on the suite) keeps a reference per environment (\"The same result on every machine\").\n8 of 8 pixels"
      ) == true, "\(message ?? "")")

    try image.pngData(recordedIn: .current).write(to: folder.file("local.1.png"))
    let local = verifySnapshot(
      of: changed, as: .png, record: .never, snapshotDirectory: folder.path, testName: "local")
    #expect(local?.contains("recorded on") == false)
  }

  @Test func perEnvironmentReferencesLetEachMachineKeepItsOwn() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // The other machine drew the chart a shade lighter, and kept its reference under its name.
    let theirs = try Image(width: 4, height: 2, filledWith: (12, 22, 32, 255))
    let theirFile = folder.file("chart.1.macos-arm64.png")
    let theirData = try theirs.pngData(recordedIn: Self.elsewhere)
    try theirData.write(to: theirFile)
    let strategy = Snapshotting<Image, Image>.png.perEnvironment()
    let first = verifySnapshot(
      of: image, as: strategy, named: "1", record: .missing, snapshotDirectory: folder.path,
      testName: "chart")
    #expect(first?.hasPrefix("Recorded") == true, "\(first ?? "nil")")
    let label = try #require(
      (try FileManager.default.contentsOfDirectory(atPath: folder.path)).first {
        $0 != "chart.1.macos-arm64.png"
      })
    #expect(label.hasPrefix("chart.1.") && label.hasSuffix(".png") && label.contains("-"))
    #expect(
      verifySnapshot(
        of: image, as: strategy, named: "1", record: .never, snapshotDirectory: folder.path,
        testName: "chart") == nil)
    // Theirs still passes where it was drawn: the same pixels, the same bytes.
    #expect(try Data(contentsOf: theirFile) == theirData)
    #expect(Diffing<Image>.image().diff(try Image(pngData: theirData), theirs) == nil)
  }
}
