import Foundation
import Testing

@testable import Snapshots

/// A reference identical to what recording writes matches without being decoded, and only while
/// the recording is the one that knowledge is about.
@Suite struct DiffingTests {
  @Test func linesMatchTheirOwnRecordingWithoutDecoding() throws {
    let matches = try #require(Diffing<String>.lines.matchesRecording)
    #expect(matches("Zürich\n", Data("Zürich\n".utf8)))
    #expect(!matches("Zürich\n", Data("Zurich\n".utf8)))
  }

  @Test func aNewEncodingForgetsTheShortcut() {
    var diffing = Diffing<String>.lines
    diffing.diff = { _, _ in nil }
    #expect(diffing.matchesRecording != nil)
    diffing.toData = { Data(("v2\n" + $0).utf8) }
    #expect(diffing.matchesRecording == nil)
  }
}
