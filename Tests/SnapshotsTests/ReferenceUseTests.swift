import Foundation
import Testing

@_spi(Tooling) @testable import Snapshots

/// A reference log's line says where a reference's number or name lies in its file's name, so
/// that the tool tells the other references its test made the same way.
@Suite struct ReferenceUseTests {
  /// The part of the file's name between the bounds a location gives.
  static func identifier(
    name: String?, variant: String? = nil, arguments: [String] = [], suite: String? = nil,
    environment: String? = nil, pathExtension: String? = "txt"
  ) -> String {
    let location = SnapshotLocation(
      filePath: "/P/Tests/A/T.swift", snapshotDirectory: nil, suite: suite, testName: "render()",
      arguments: arguments, name: name, variant: variant, environment: environment,
      pathExtension: pathExtension
    ) { _ in 3 }
    let bounds = location.identifierBounds
    return String(
      decoding: location.fileName.utf8.dropFirst(bounds.before).dropLast(bounds.after),
      as: UTF8.self)
  }

  @Test func aLocationSaysWhereItsNumberOrNameLies() {
    #expect(Self.identifier(name: nil) == "3")
    #expect(Self.identifier(name: "item1") == "item1")
    #expect(Self.identifier(name: "item1", environment: "linux-x86_64") == "item1")
    #expect(Self.identifier(name: "item1", suite: "Outer.Inner") == "item1")
    #expect(Self.identifier(name: "item1", arguments: ["a.md"]) == "item1")
    #expect(Self.identifier(name: "item1", pathExtension: nil) == "item1")
    #expect(Self.identifier(name: "item1", variant: "theme=dark") == "item1.theme=dark")
  }

  @Test func aReferenceUseReadsBackFromItsLogLine() {
    let use = ReferenceUse(
      path: "/P/a\tb/loop.item1.txt", test: "App.loop()/T.swift:1:2", before: 5, after: 4)
    #expect(ReferenceUse(line: use.line[...]) == use)
    #expect(ReferenceUse(line: "/P/loop.1.txt") == ReferenceUse(path: "/P/loop.1.txt"))
  }

  @Test func aSiblingIsMadeTheSameWay() {
    let use = ReferenceUse(
      path: "/F/render.item1.linux-x86_64.png", test: "T", before: 7, after: 17)
    #expect(use.isSibling("render.item7.linux-x86_64.png"))
    #expect(!use.isSibling("render.item1.linux-x86_64.png"))
    #expect(!use.isSibling("render.item7.macos-arm64.png"))
    #expect(!use.isSibling("render.item7.png"))
    #expect(!use.isSibling("renders.item7.linux-x86_64.png"))
    #expect(!ReferenceUse(path: use.path).isSibling("render.item7.linux-x86_64.png"))
    let plain = ReferenceUse(path: "/F/render.item1.png", test: "T", before: 7, after: 4)
    #expect(plain.isSibling("render.item7.png"))
    #expect(!plain.isSibling("render.item7.macos-arm64.png"))
  }
}
