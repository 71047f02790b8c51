import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The references a test that ran to its end no longer makes are orphans too, and only those.
@Suite struct LivingTestOrphanTests {
  @Test func theTestsThatRanToTheirEndAreReadFromTheEventStream() {
    func event(_ kind: String, _ id: String, known: Bool? = nil) -> String {
      let issue = known.map { #","issue":{"isKnown":\#($0)}"# } ?? ""
      return
        #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)"\#(issue)},"version":0}"#
    }
    let stream = [
      event("testStarted", "App.ran()/T.swift:1:2"), event("testEnded", "App.ran()/T.swift:1:2"),
      event("testSkipped", "App.skipped()/T.swift:2:2"),
      event("issueRecorded", "App.known()/T.swift:3:2", known: true),
      event("testEnded", "App.known()/T.swift:3:2"),
      event("issueRecorded", "App.failed()/T.swift:4:2", known: false),
      event("testEnded", "App.failed()/T.swift:4:2"),
      event("testCancelled", "App.cancelled()/T.swift:5:2"),
      event("testEnded", "App.cancelled()/T.swift:5:2"),
      event("testStarted", "App.crashed()/T.swift:6:2"),
    ].joined(separator: "\n")
    // A failure ends a test too: the run is then incomplete unless a record covers it.
    #expect(
      TestIssue.EventStream(Data(stream.utf8)).finishedTests
        == ["App.ran()/T.swift:1:2", "App.failed()/T.swift:4:2"])
  }

  /// A folder of `loop()`'s references, ten named `item0`…`item9`, and others it did not make
  /// the same way; the test file holds `source`.
  static func package(_ source: String) throws -> TemporaryDirectory {
    let package = try TemporaryDirectory()
    let folder = package.file("Tests/A/__Snapshots__/LoopTests")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(source.utf8).write(to: package.file("Tests/A/LoopTests.swift"))
    let names =
      (0..<10).map { "loop.item\($0).txt" }
      + ["loop.item7.macos-arm64.txt", "loop.item8.json", "other.1.txt", "loopy.item9.txt"]
    for name in names { try Data("x\n".utf8).write(to: folder.appendingPathComponent(name)) }
    return package
  }

  static func uses(in package: TemporaryDirectory) -> [ReferenceUse] {
    (0..<5).map {
      ReferenceUse(
        path: package.file("Tests/A/__Snapshots__/LoopTests/loop.item\($0).txt")
          .standardizedFileURL.path, test: "App.loop()/LoopTests.swift:2:2", before: 5, after: 4)
    }
  }

  @Test func aLoopCutShortLeavesItsLastReferences() throws {
    let package = try Self.package(
      "@Test func loop() {}\n@Test func other() {}\n@Test func loopy() {}\n")
    defer { package.remove() }
    let uses = Self.uses(in: package)
    let scan = OrphanScan.scan(in: package.url, used: Set(uses.map(\.path)), finished: uses)
    #expect(
      scan.leftovers
        == (5..<10).map {
          package.file("Tests/A/__Snapshots__/LoopTests/loop.item\($0).txt").standardizedFileURL
            .path
        })
    #expect(scan.orphans == [] && scan.kept == [])
    // A test that did not run to its end tells nothing.
    #expect(OrphanScan.scan(in: package.url, used: Set(uses.map(\.path))).leftovers == [])
  }

  /// What another test of the file could make keeps them all: a `testName:`, the function
  /// declared twice, a `snapshotDirectory:` anywhere.
  @Test func whatAnotherTestCouldMakeIsKept() throws {
    let sources = [
      "@Test func loop() {}\n@Test func other() { verify(1, testName: \"loop()\") }\n",
      "@Suite struct A { @Test func loop() {} }\n@Suite struct B { @Test func loop() {} }\n",
      "@Test func loop() {}\nfunc f() { verify(1, snapshotDirectory: \"/x\") }\n",
    ]
    for source in sources {
      let package = try Self.package(source + "@Test func other() {}\n")
      defer { package.remove() }
      let uses = Self.uses(in: package)
      let scan = OrphanScan.scan(in: package.url, used: Set(uses.map(\.path)), finished: uses)
      #expect(scan.leftovers == [], "\(source)")
    }
  }
}
