import Foundation
import TestSupport
import Testing

@_spi(Tooling) @testable import Snapshots

/// Every file the toolkit writes (references, rewritten test sources) is replaced whole, keeps
/// its permissions, and is written through a symbolic link rather than over it.
@Suite struct AtomicFileTests {
  @Test(arguments: [0o444, 0o600, 0o755])
  func aRewrittenFileKeepsItsMode(mode: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.file("ref.txt")
    try Data("old".utf8).write(to: file)
    chmod(file.path, mode_t(mode))
    try AtomicFile.write(Data("new".utf8), to: file)
    #expect(try folder.text("ref.txt") == "new")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == mode)
    #expect(try folder.contents() == ["ref.txt"], "no temporary file is left")
  }

  /// Lines appended from many threads at once arrive whole, one a line; a folder that is not
  /// there is an error that names the file.
  @Test func appendedLinesNeverInterleave() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let log = folder.file("log")
    let lines = (0..<200).map { "line \($0) " + String(repeating: "x", count: $0) }
    DispatchQueue.concurrentPerform(iterations: lines.count) { index in
      try? AtomicFile.append(lines[index], to: log, synchronously: index % 2 == 0)
    }
    let written = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(Set(written.map(String.init)) == Set(lines))
    #expect(written.count == lines.count)
    #expect(throws: AtomicFile.WriteError.self) {
      try AtomicFile.append("x", to: folder.file("missing/log"))
    }
  }

  @Test func aLinkedFileIsWrittenThroughAndStaysALink() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.file("store"), withIntermediateDirectories: true)
    try Data("old".utf8).write(to: folder.file("store/target.txt"))
    // A chain of two links, the first relative.
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("middle.txt").path, withDestinationPath: "store/target.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("ref.txt").path, withDestinationPath: folder.file("middle.txt").path)
    try AtomicFile.write(Data("new".utf8), to: folder.file("ref.txt"))
    #expect(try folder.text("store/target.txt") == "new")
    for link in ["ref.txt", "middle.txt"] {
      let type = try FileManager.default.attributesOfItem(atPath: folder.file(link).path)[.type]
      #expect((type as? FileAttributeType) == .typeSymbolicLink, "\(link) is still a link")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("store").path) == [
        "target.txt"
      ])
  }

  @Test func aDanglingLinkGetsItsTargetMade() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("ref.txt").path, withDestinationPath: "elsewhere/made.txt")
    try AtomicFile.write(Data("new".utf8), to: folder.file("ref.txt"))
    #expect(try folder.text("elsewhere/made.txt") == "new")
    #expect(try folder.text("ref.txt") == "new")
  }
}

/// A pending record's bytes put in place of a reference by renaming their file: the same
/// guarantees as a write (the mode kept, a link written through, a folder made), and a write
/// where no rename can be made.
@Suite struct AtomicFileMoveTests {
  @Test(arguments: [0o444, 0o600, 0o755])
  func aMovedFileTakesTheReferencesModeAndIsTheSameFile(mode: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("old".utf8).write(to: folder.file("ref.txt"))
    chmod(folder.file("ref.txt").path, mode_t(mode))
    try Data("new".utf8).write(to: folder.file("pending.data"))
    let moved = try FileManager.default.attributesOfItem(atPath: folder.file("pending.data").path)
    try AtomicFile.move(
      folder.file("pending.data"), holding: Data("new".utf8), to: folder.file("ref.txt"))
    #expect(try folder.text("ref.txt") == "new")
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("ref.txt").path)
    #expect((attributes[.posixPermissions] as? Int) == mode)
    #expect(
      (attributes[.systemFileNumber] as? Int) == (moved[.systemFileNumber] as? Int),
      "renamed, not copied")
    #expect(try folder.contents() == ["ref.txt"])
  }

  @Test func aMoveWritesThroughALinkAndMakesTheFolder() throws {
    let folder = try folderWithALinkedReference()
    defer { folder.remove() }
    try Data("new".utf8).write(to: folder.file("a.data"))
    try AtomicFile.move(
      folder.file("a.data"), holding: Data("new".utf8), to: folder.file("ref.txt"))
    #expect(try folder.text("store/target.txt") == "new")
    #expect(try isALink(folder.file("ref.txt")))
    try Data("first".utf8).write(to: folder.file("b.data"))
    try AtomicFile.move(
      folder.file("b.data"), holding: Data("first".utf8), to: folder.file("new/folder/ref.txt"))
    #expect(try folder.text("new/folder/ref.txt") == "first")
  }

  /// The sources of many moves (a group's accept) are put on disk by one sync of their file
  /// system, which the moves are then told of; a few are left to each move's own sync, and a
  /// folder that cannot be opened is no sync.
  @Test func manyMovesAreSyncedOnceAndAFewByTheirMoves() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let sources = (0..<40).map { folder.file("\($0).data") }
    for (index, source) in sources.enumerated() { try Data("\(index)".utf8).write(to: source) }
    #expect(!AtomicFile.syncForMoving(sources.prefix(3).map(\.path)))
    #expect(!AtomicFile.syncForMoving(sources.map { folder.path + "/gone" + $0.path }))
    #if os(Linux)
      #expect(AtomicFile.syncForMoving(sources.map(\.path)))
    #endif
    for (index, source) in sources.enumerated() {
      try AtomicFile.move(
        source, holding: Data("\(index)".utf8), to: folder.file("refs/\(index).txt"),
        sourceOnDisk: true)
    }
    #expect(try folder.text("refs/39.txt") == "39")
    #expect(try folder.contents() == ["refs"])
  }

  /// A source that is gone (or on another file system) is no loss: the bytes are written.
  @Test func aMoveThatCannotRenameWrites() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("old".utf8).write(to: folder.file("ref.txt"))
    try AtomicFile.move(
      folder.file("gone.data"), holding: Data("new".utf8), to: folder.file("ref.txt"))
    #expect(try folder.text("ref.txt") == "new")
    #expect(try folder.contents() == ["ref.txt"])
  }
}

/// What the tests leave for the tool is written whole but not synced: the same file, mode and
/// link as a synced write.
@Suite struct AtomicFileWholeWriteTests {
  @Test func aWholeWriteKeepsTheModeAndTheLinkAndMakesTheFolder() throws {
    let folder = try folderWithALinkedReference()
    defer { folder.remove() }
    chmod(folder.file("store/target.txt").path, 0o444)
    try AtomicFile.write(Data("new".utf8), to: folder.file("ref.txt"), durability: .whole)
    #expect(try folder.text("store/target.txt") == "new")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: folder.file("store/target.txt").path)
    #expect((attributes[.posixPermissions] as? Int) == 0o444)
    #expect(try isALink(folder.file("ref.txt")))
    try AtomicFile.write(Data("x".utf8), to: folder.file("a/b/c.txt"), durability: .whole)
    #expect(try folder.text("a/b/c.txt") == "x")
    #expect(try folder.contents().sorted() == ["a", "ref.txt", "store"], "no temporary file")
  }

  /// A folder that cannot be made is an error that names the file, and leaves nothing.
  @Test func aWriteIntoAFileIsAnErrorThatNamesIt() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("file".utf8).write(to: folder.file("plain"))
    #expect {
      try AtomicFile.write(Data("x".utf8), to: folder.file("plain/ref.txt"))
    } throws: { error in
      (error as? AtomicFile.WriteError)?.path == folder.file("plain/ref.txt").path
    }
    #expect(try folder.contents() == ["plain"])
  }
}

/// A folder whose `ref.txt` is a link to `store/target.txt`, which holds `old`.
private func folderWithALinkedReference() throws -> TemporaryDirectory {
  let folder = try TemporaryDirectory()
  try FileManager.default.createDirectory(
    at: folder.file("store"), withIntermediateDirectories: true)
  try Data("old".utf8).write(to: folder.file("store/target.txt"))
  try FileManager.default.createSymbolicLink(
    atPath: folder.file("ref.txt").path, withDestinationPath: "store/target.txt")
  return folder
}

private func isALink(_ file: URL) throws -> Bool {
  let type = try FileManager.default.attributesOfItem(atPath: file.path)[.type]
  return (type as? FileAttributeType) == .typeSymbolicLink
}
