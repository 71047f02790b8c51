import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// A `__Snapshots__` folder that is a symbolic link (to references shared between packages, or
/// kept on another disk) is read by the tests through the link; the tooling sees it too.
@Suite struct LinkedFolderTests {
  let package: TemporaryDirectory
  let shared: TemporaryDirectory

  init() throws {
    package = try TemporaryDirectory()
    shared = try TemporaryDirectory()
    let fileManager = FileManager.default
    try fileManager.createDirectory(
      at: package.file("Tests/AppTests"), withIntermediateDirectories: true)
    try Data("@Test func kept() {}\n".utf8).write(to: package.file("Tests/AppTests/ATests.swift"))
    try fileManager.createDirectory(
      at: shared.file("ATests/nested"), withIntermediateDirectories: true)
    for name in ["ATests/kept.1.txt", "ATests/gone.1.txt", "ATests/nested/x.1.txt"] {
      try Data("x".utf8).write(to: shared.file(name))
    }
    // A cycle inside the linked folder is walked once.
    try fileManager.createSymbolicLink(
      atPath: shared.file("ATests/loop").path, withDestinationPath: shared.path)
    try fileManager.createSymbolicLink(
      atPath: package.file("Tests/AppTests/__Snapshots__").path, withDestinationPath: shared.path)
  }

  func remove() {
    package.remove()
    shared.remove()
  }

  func linked(_ name: String) -> String {
    package.file("Tests/AppTests/__Snapshots__/" + name).standardizedFileURL.path
  }

  @Test func orphansAreFoundThroughTheLink() {
    defer { remove() }
    #expect(
      OrphanScan.scan(in: package.url, used: [linked("ATests/kept.1.txt")]).orphans
        == [linked("ATests/gone.1.txt"), linked("ATests/nested/x.1.txt")])
  }

  @Test func theCatalogListsTheLinkedReferences() throws {
    defer { remove() }
    let catalog = try SnapshotCatalog.build(packageDirectory: package.url)
    #expect(
      catalog.snapshots.map(\.path) == [
        "Tests/AppTests/__Snapshots__/ATests/gone.1.txt",
        "Tests/AppTests/__Snapshots__/ATests/kept.1.txt",
        "Tests/AppTests/__Snapshots__/ATests/nested/x.1.txt",
      ])
  }

  /// A link elsewhere in the package (a vendored checkout, a linked tool folder) is not walked:
  /// another tree's references are never listed, so `--prune` can never delete them.
  @Test func aLinkOutOfThePackageIsNotSearched() throws {
    defer { remove() }
    let vendor = try TemporaryDirectory()
    defer { vendor.remove() }
    let folder = vendor.file("Tests/VTests/__Snapshots__/VTests")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("theirs".utf8).write(to: folder.appendingPathComponent("v.1.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: package.file("Vendor").path, withDestinationPath: vendor.path)
    #expect(
      OrphanScan.snapshotFolders(in: package.url).map(\.lastPathComponent) == ["__Snapshots__"])
    #expect(
      OrphanScan.scan(in: package.url, used: [linked("ATests/kept.1.txt")]).orphans
        == [linked("ATests/gone.1.txt"), linked("ATests/nested/x.1.txt")])
  }
}
