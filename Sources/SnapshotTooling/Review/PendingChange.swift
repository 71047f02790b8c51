import Foundation
@_spi(Tooling) import Snapshots

/// One change a run left for review: a reference file to (re)record, or an inline snapshot to
/// rewrite, with what a reviewer needs to decide and what `snapshots pending --json` lists.
struct PendingChange: Sendable {
  enum Kind: String, Codable, Sendable {
    case file, inline
  }

  enum Status: String, Codable, Sendable {
    /// No reference yet (a file that does not exist, an inline call without a literal).
    case new
    case changed
    /// An inline call whose value is now `nil`: its literal goes.
    case removed
  }

  /// Stable while the record is pending: a hash of its file's name in its run, which a move
  /// onto a rewritten source keeps (the target's line would not).
  var id: String
  var entry: PendingRun.Entry
  var kind: Kind
  var status: Status

  var record: PendingRecord { entry.record }
  var target: String { entry.record.target }

  /// The id's length: 12 hex digits of a 64-bit hash; commands accept any unique prefix of at
  /// least ``shortestPrefix`` characters.
  static let idLength = 12
  /// The shortest prefix a command takes for an id: one of 65,536 values, which a handful of
  /// changes rarely share, while a shorter one soon would.
  static let shortestPrefix = 4

  static func id(of entry: PendingRun.Entry) -> String {
    let name =
      entry.url.deletingLastPathComponent().lastPathComponent + "/"
      + entry.url.lastPathComponent
    return String(ContentHash.of(name).prefix(idLength))
  }

  init(_ entry: PendingRun.Entry) {
    self.entry = entry
    id = Self.id(of: entry)
    switch entry.record {
    case .file(let file):
      kind = .file
      status = FileManager.default.fileExists(atPath: file.referencePath) ? .changed : .new
    case .inline(let call):
      kind = .inline
      status = call.newText == nil ? .removed : call.oldText == nil ? .new : .changed
    }
  }

  /// The file that holds the new bytes of a file change.
  var newFile: URL? { entry.dataURL }

  /// The reference file of a changed file snapshot.
  var oldFile: URL? {
    guard case .file(let file) = record, status == .changed else { return nil }
    return URL(fileURLWithPath: file.referencePath, isDirectory: false)
  }

  /// The bytes the reference has now (`nil` when there is none), and those it would get.
  func contents() -> (old: Data?, new: Data?) {
    switch record {
    case .file:
      return (
        oldFile.flatMap { try? AtomicFile.read($0) }, newFile.flatMap { try? AtomicFile.read($0) }
      )
    case .inline(let call):
      return (call.oldText.map { Data($0.utf8) }, call.newText.map { Data($0.utf8) })
    }
  }

  /// The format: a file's extension (`txt`, `png`), or `inline`.
  var format: String {
    guard case .file(let file) = record else { return "inline" }
    let pathExtension = URL(fileURLWithPath: file.referencePath, isDirectory: false).pathExtension
    return pathExtension.isEmpty ? "file" : pathExtension
  }

  var testName: String {
    switch record {
    case .file(let file): return file.testName
    case .inline(let call): return call.testName
    }
  }
}
