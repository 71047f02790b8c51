import Foundation

/// Logs the reference file of every assertion to the pending store, for finding orphans: a
/// ``ReferenceUse`` a line.
///
/// When `SNAPSHOTS_LOG_REFERENCES` is `1` (the `snapshot-record` plugin sets it), and whenever
/// runs are exported for `snapshot-record --from` (``PendingStore/isExported(_:)``): the shards'
/// logs together tell orphans. One file per process. Lines are kept in memory and written in
/// blocks, the last at exit, before the process's ``FinishedMarker``: a log is only trusted
/// when that marker is there, so a crash that loses the tail loses nothing trusted.
final class ReferenceLog: Sendable {
  static let shared = ReferenceLog()

  private let enabled =
    SnapshotSettings.processEnvironment[PendingStore.logVariable] == "1"
    || PendingStore.isExported(SnapshotSettings.processEnvironment)

  private struct State {
    /// This process's log; `-1` when it could not be opened, `nil` before the first assertion.
    var descriptor: Int32?
    var pending: [UInt8] = []
  }

  /// What every assertion takes: the lines not yet written.
  private let state = Locked(State())
  /// Taken by the one assertion that writes a block, before it lets go of ``state``, and by
  /// the last write at exit: blocks reach the file in turn, and all before the marker.
  private let writing = NSLock()
  /// Bytes kept before a write.
  private static let block = 64 * 1024

  /// `use` (its path standardised, as ``SnapshotLocation`` makes them) is only made when
  /// logging is on: every assertion calls this.
  ///
  /// The file is opened, and each block written, outside the lock every assertion takes.
  func log(_ use: @autoclosure () -> ReferenceUse, testFilePath: String) {
    guard enabled else { return }
    logLine(use().line, testFilePath: testFilePath)
  }

  private func logLine(_ line: String, testFilePath: String) {
    var path = line
    var full: (descriptor: Int32, bytes: [UInt8])?
    let opened = state.withLock { state -> Bool in
      guard let descriptor = state.descriptor else { return false }
      guard descriptor >= 0 else { return true }
      path.withUTF8 { state.pending.append(contentsOf: $0) }
      state.pending.append(10)
      if state.pending.count >= Self.block {
        full = (descriptor, Self.take(&state.pending))
        writing.lock()
      }
      return true
    }
    guard opened else {
      open(testFilePath: testFilePath)
      return logLine(path, testFilePath: testFilePath)
    }
    guard let full else { return }
    defer { writing.unlock() }
    Self.write(full.bytes, to: full.descriptor)
  }

  /// Opens this process's log in the run, unless another assertion did first, and arms the
  /// marker and the last write at exit: handlers run last-registered first, so the log is
  /// whole before the marker says so.
  private func open(testFilePath: String) {
    let directory = PendingStore.runDirectory(testFilePath: testFilePath)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(
      PendingStore.usedPrefix + PendingStore.uniqueName(), isDirectory: false
    ).path
    let opened = Foundation.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    let isFirst = state.withLock { state in
      guard state.descriptor == nil else { return false }
      state.descriptor = opened
      return true
    }
    guard isFirst else {
      if opened >= 0 {
        close(opened)
        unlink(path)
      }
      return
    }
    guard opened >= 0 else { return }
    FinishedMarker.arm(in: directory)
    atexit {
      let log = ReferenceLog.shared
      let rest = log.state.withLock { state in
        log.writing.lock()
        return (state.descriptor ?? -1, ReferenceLog.take(&state.pending))
      }
      defer { log.writing.unlock() }
      ReferenceLog.write(rest.1, to: rest.0)
    }
  }

  /// The bytes kept, leaving none.
  private static func take(_ pending: inout [UInt8]) -> [UInt8] {
    var taken: [UInt8] = []
    taken.reserveCapacity(block + 4096)
    swap(&taken, &pending)
    return taken
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    guard descriptor >= 0, !bytes.isEmpty else { return }
    _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
  }
}

/// One line of a reference log: the reference an assertion used and, when the assertion named
/// it after its own test, that test and where the snapshot's number or name lies in the file's
/// name; what tells the references a test that ran to its end no longer makes.
package struct ReferenceUse: Equatable, Sendable {
  public var path: String
  /// The test, as its framework's events name it: Swift Testing's test id
  /// (`Module.Suite/render()/File.swift:3:4`), XCTest's test case (`Suite.testRender`).
  public var test: String?
  /// ``SnapshotLocation/identifierBounds``: the bytes of the file's name before its number or
  /// name, and after it.
  public var before = 0
  public var after = 0

  public init(path: String, test: String? = nil, before: Int = 0, after: Int = 0) {
    (self.path, self.test, self.before, self.after) = (path, test, before, after)
  }

  /// `<path>`, or `<path>\t<test>\t<before>\t<after>`.
  var line: String {
    guard let test else { return path }
    return "\(path)\t\(test)\t\(before)\t\(after)"
  }

  /// A line of a log, read from its end: a path may hold a tab.
  public init(line: Substring) {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count >= 4, let before = Int(fields[fields.count - 2]),
      let after = Int(fields[fields.count - 1])
    else {
      self.init(path: String(line))
      return
    }
    self.init(
      path: fields.dropLast(3).joined(separator: "\t"), test: String(fields[fields.count - 3]),
      before: before, after: after)
  }

  /// Whether `fileName`, in this reference's folder, is another of its test's references made
  /// the same way: the same test part before the number or name, the same environment and
  /// extension after it, another number or name between.
  public func isSibling(_ fileName: String) -> Bool {
    guard test != nil, let slash = path.lastIndex(of: "/") else { return false }
    let own = path[path.index(after: slash)...]
    let (name, other) = (Array(own.utf8), Array(fileName.utf8))
    guard other.count > before + after, other != name, name.count >= before + after else {
      return false
    }
    return other.prefix(before) == name.prefix(before)
      && other.suffix(after) == name.suffix(after)
      && ReferenceName.environment(in: fileName) == ReferenceName.environment(in: String(own))
  }
}
