import Foundation
import TestSupport
import Testing

@testable @_spi(Tooling) import Snapshots

/// References kept per environment: the label in the name, where it is chosen, what reads it.
@Suite struct EnvironmentTests {
  /// This machine's label for the operating system and architecture.
  static let here = SnapshotEnvironment.platform.label() ?? ""

  @Test func labelsNameTheChosenPartsInOrder() {
    let environment = ["SNAPSHOTS_RENDERER": "Skia 2/GPU"]
    let system = SnapshotEnvironment.operatingSystemName
    let architecture = SnapshotEnvironment.architectureName
    #expect(Self.here == "\(system)-\(architecture)")
    #expect(SnapshotEnvironment.architecture.label(environment: [:]) == architecture)
    #expect(
      SnapshotEnvironment([.operatingSystem, .renderer]).label(environment: environment)
        == "\(system)-Skia-2-GPU")
    #expect(SnapshotEnvironment.renderer.label(environment: [:]) == nil)
    #expect(SnapshotEnvironment().label(environment: environment) == nil)
  }

  @Test(arguments: [
    ("chart.1.linux-x86_64.png", "linux-x86_64"),
    ("chart.1.macos-arm64-skia.png", "macos-arm64-skia"),
    ("chart.dark.x86_64.png", "x86_64"),
    ("chart.1.png", nil),
    ("chart.linux.png", nil),
    ("card.theme=dark_width=375.png", nil),
    ("title.email.txt", nil),
  ])
  func labelsAreReadBackFromNames(name: String, label: String?) {
    #expect(ReferenceName(fileName: name).environment == label)
  }

  /// Records in `folder` with `strategy`, inside `body`'s scope; the files there afterwards.
  static func record(
    in folder: TemporaryDirectory, as strategy: Snapshotting<String, String> = .lines,
    scope: SnapshotEnvironment? = nil
  ) -> [String] {
    let message = withSnapshotTesting(environment: scope) {
      verifySnapshot(
        of: "chart", as: strategy, record: .all, snapshotDirectory: folder.path,
        testName: "chart")
    }
    #expect(message?.hasPrefix("Recorded") == true, "\(message ?? "nil")")
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test func aScopeGivesEachEnvironmentItsOwnFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(Self.record(in: folder, scope: .platform) == ["chart.1.\(Self.here).txt"])
  }

  @Test func theStrategysChoiceWinsOverTheScopes() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let files = Self.record(
      in: folder, as: .lines.perEnvironment(.architecture), scope: .platform)
    #expect(files == ["chart.1.\(SnapshotEnvironment.architectureName).txt"])
    let off = try TemporaryDirectory()
    defer { off.remove() }
    #expect(
      Self.record(in: off, as: .lines.perEnvironment([]), scope: .platform) == ["chart.1.txt"])
  }

  @Test func anotherEnvironmentsReferenceIsNeitherReadNorWritten() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let other = folder.file("chart.1.windows-arm64.txt")
    try Data("drawn elsewhere".utf8).write(to: other)
    // Without a reference of its own, this machine records one beside the other's.
    let first = withSnapshotTesting(environment: .platform) {
      verifySnapshot(
        of: "chart", as: .lines, named: "1", record: .missing, snapshotDirectory: folder.path,
        testName: "chart")
    }
    #expect(first?.hasPrefix("Recorded") == true, "\(first ?? "nil")")
    let again = withSnapshotTesting(environment: .platform) {
      verifySnapshot(
        of: "chart", as: .lines, named: "1", record: .never, snapshotDirectory: folder.path,
        testName: "chart")
    }
    #expect(again == nil)
    #expect(try String(contentsOf: other, encoding: .utf8) == "drawn elsewhere")
  }
}

/// A suite's trait chooses for its tests.
@Suite(.snapshots(environment: .platform)) struct EnvironmentTraitTests {
  @Test func theTraitChooses() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let message = verifySnapshot(
      of: "chart", as: .lines, record: .all, snapshotDirectory: folder.path, testName: "chart")
    #expect(message?.hasPrefix("Recorded") == true)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path)
        == ["chart.1.\(EnvironmentTests.here).txt"])
  }
}
