import Foundation
import Snapshots
import TestSupport
import Testing

@testable import SnapshotsPNG

/// Failing image snapshots attach the reference, actual and difference images to the test:
/// checked by running this test binary again on a probe that fails on purpose, with Swift
/// Testing saving attachments to a folder.
@Suite struct PNGAttachmentTests {
  static let folderVariable = "SNAPSHOTS_ATTACHMENT_FOLDER"

  /// Fails on purpose, only when the functional test below runs it in a child process.
  @Test(.enabled(if: Probe.isRunning("attachmentProbe")))
  func attachmentProbe() throws {
    let folder = try #require(ProcessInfo.processInfo.environment[Self.folderVariable])
    let reference = try Image(width: 4, height: 4, filledWith: (0, 0, 0, 255))
    try reference.pngData().write(
      to: URL(fileURLWithPath: folder).appendingPathComponent("probe.1.png"))
    let actual = try Image(width: 4, height: 4, filledWith: (255, 0, 0, 255))
    assertSnapshot(
      of: actual, as: .png, record: .never, snapshotDirectory: folder, testName: "probe")
  }

  @Test func failuresAttachReferenceActualAndDifference() async throws {
    let references = try TemporaryDirectory()
    let attachments = try TemporaryDirectory()
    defer {
      references.remove()
      attachments.remove()
    }
    let probe = try await Probe.run(
      "attachmentProbe",
      environment: [
        Self.folderVariable: references.path,
        "SNAPSHOT_ARTIFACTS": references.file("artifacts").path,
      ],
      arguments: ["--attachments-path", attachments.path], in: references.url)
    #expect(probe.status != 0, "the probe is meant to fail")
    let saved = try FileManager.default.subpathsOfDirectory(atPath: attachments.path)
    for name in ["probe.1.reference.png", "probe.1.actual.png", "probe.1.difference.png"] {
      let file = try #require(saved.first { $0.hasSuffix(name) }, "\(name) in \(saved)")
      let image = try Image(pngData: Data(contentsOf: attachments.url.appendingPathComponent(file)))
      #expect(image.width == 4 && image.height == 4)
    }
  }
}
