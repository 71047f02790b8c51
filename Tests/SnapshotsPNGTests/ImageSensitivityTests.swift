import Snapshots
import SnapshotsStrategyLaws
import Testing

@testable import SnapshotsPNG

/// What `--sensitivity` changes in an image, and why a change passes.
///
/// Judged by the strategy's own comparison; the whole check runs through the plugin
/// (SnapshotRecordTests' Sensitivity).
@Suite struct ImageSensitivityTests {
  static func picture() throws -> Image {
    try Image(width: 40, height: 20, filledWith: (128, 200, 30, 255))
  }

  /// Each change's name, whether the strategy's comparison lets it pass, and why it would.
  static func tried(_ strategy: Snapshotting<Image, Image>) async throws -> [(
    String, passes: Bool, String?
  )] {
    let snapshot = try await strategy.snapshot(try picture()).value()
    return (strategy.changes?(snapshot) ?? []).map {
      ($0.name, strategy.diffing.diff(snapshot, $0.value) == nil, $0.ifUncaught)
    }
  }

  @Test func aBlockOutsideTheMasksAndEveryPixelAreChangedAndCaught() async throws {
    let tried = try await Self.tried(.png(masks: [.pixels(x: 0, y: 0, width: 20, height: 20)]))
    #expect(
      tried.map(\.0) == [
        "a block of 9 pixels at (21, 0) in another colour",
        "every pixel outside the masks in another colour",
      ])
    #expect(tried.allSatisfy { !$0.passes })
    let changed = try #require(
      Snapshotting<Image, Image>.png.changes?(try Self.picture()).first?.value)
    #expect(Array(changed.rgba[0..<4]) == [0, 0, 255, 255], "the colour farthest from its own")
  }

  @Test func weakSettingsLetThemPassAndSayWhich() async throws {
    let whole = try await Self.tried(.png(masks: [.fractions(x: 0, y: 0, width: 1, height: 1)]))
    #expect(whole.allSatisfy { $0.passes && $0.2 == "no pixel outside the masks" })
    let anything = try await Self.tried(.png(threshold: 1))
    #expect(
      anything.allSatisfy { $0.passes && $0.2 == "a change of colour passes at threshold 1.0" })
    let loose = try await Self.tried(.png(precision: 0.95))
    #expect(loose.map(\.passes) == [true, false])
    #expect(loose.first?.2 == "9 pixels changed (1.12%) within the 5% allowed to differ")
  }

  @Test func aMaskedStrategyKeepsTheLaws() async throws {
    let other = try Image(width: 40, height: 20, filledWith: (0, 0, 0, 255))
    await assertStrategyLaws(
      .png(threshold: 0.1, masks: [.pixels(x: 0, y: 0, width: 8, height: 8)]),
      samples: [try Self.picture(), other])
  }
}
