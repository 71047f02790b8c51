import Foundation
import TestSupport
import Testing

/// A full disk, as a 64 KB tmpfs: first under the pending store, then under a snapshot folder.
///
/// `snapshot-record` says what it could not record and fails; every file is whole; once there
/// is room again, recording completes.
struct FullDisk {
  let package: ThrowawayPackage
  let inlineCalls = 24
  let fileSnapshots = 24
  /// Each value is about 4 KB: both sets are larger than the disk.
  let line = String(repeating: "x", count: 4_000)

  var test: String {
    var lines = ["import InlineSnapshots", "import Snapshots", "import Testing", ""]
    lines.append("@Test func inline() {")
    for index in 0..<inlineCalls {
      lines.append(
        "  assertInlineSnapshot(of: String(repeating: \"x\", count: 4_000) + \"\(index)\", as: .lines)"
      )
    }
    lines += ["}", "", "@Test func files() {"]
    for index in 0..<fileSnapshots {
      lines.append(
        "  assertSnapshot(of: String(repeating: \"y\", count: 4_000) + \"\(index)\", as: .lines, named: \"big\(index)\")"
      )
    }
    return (lines + ["}", ""]).joined(separator: "\n")
  }

  func run() throws {
    let source = "Tests/AppTests/FullDiskTests.swift"
    let references = package.folder.url.appendingPathComponent(
      "Tests/AppTests/__Snapshots__/FullDiskTests")
    let store = package.folder.url.appendingPathComponent(".build/snapshots")
    guard let probe = TemporaryMount(size: "64k") else {
      print("FullDisk: skipped, a tmpfs cannot be mounted here (needs root)")
      return
    }
    probe.unmount()
    try package.write(source, test)
    defer {
      try? package.remove(source)
      try? FileManager.default.removeItem(at: references)
    }

    // The pending store is full: records are lost, and said to be.
    try? FileManager.default.removeItem(at: store)
    let full = try #require(TemporaryMount(size: "64k", at: store))
    let lost = try package.snapshotRecord()
    full.unmount()
    #expect(lost.status != 0)
    #expect(
      lost.output.contains("records that could not be written (disk full?)"), "\(lost.output)")
    try expectWhole(source: package.read(source), references: references)
    let recovered = try package.snapshotRecord()
    #expect(recovered.status == 0, "\(recovered.output)")
    #expect(try package.read(source).components(separatedBy: line).count - 1 == inlineCalls)

    // The snapshot folder is full: references that do not fit are refused, none is partial.
    try? FileManager.default.removeItem(at: references)
    let folder = try #require(TemporaryMount(size: "64k", at: references))
    let refused = try package.snapshotRecord()
    #expect(refused.status != 0)
    #expect(
      refused.output.contains("could not write")
        && refused.output.contains("No space left on device"),
      "\(refused.output)")
    try expectWhole(source: package.read(source), references: references)
    folder.unmount()
    #expect(try package.snapshotRecord().status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: references.path).count == fileSnapshots)
  }

  /// Every inline literal and reference file is complete, and no temporary file is left.
  private func expectWhole(source: String, references: URL) throws {
    for text in source.split(separator: "\n")
    where text.contains("xxxx") && !text.contains("assert") {
      #expect(text.trimmingCharacters(in: .whitespaces).count >= 4_001, "a partial literal")
    }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: references.path)) ?? [] {
      #expect(!name.hasPrefix(".snapshot-"), "a temporary file was left: \(name)")
      let data = try Data(contentsOf: references.appendingPathComponent(name))
      #expect(data.count >= 4_001, "\(name) is partial: \(data.count) bytes")
    }
  }
}

/// A tmpfs of `size` mounted at a folder (made if missing), until `unmount()`; `nil` where
/// mounting is not allowed.
struct TemporaryMount {
  let folder: URL

  init?(
    size: String,
    at folder: URL = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshots-mount-\(UUID().uuidString)")
  ) {
    self.folder = folder
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard
      let mount = try? Command(
        "mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path],
        in: FileManager.default.temporaryDirectory),
      mount.status == 0
    else { return nil }
  }

  func unmount() {
    _ = try? Command("umount", [folder.path], in: FileManager.default.temporaryDirectory)
  }
}
