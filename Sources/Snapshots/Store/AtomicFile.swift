import Foundation
import Synchronization

/// Files written whole or not at all: the bytes go to a temporary file beside the target, which
/// is then renamed over it, so an interrupted run never leaves a partial reference.
@_spi(Tooling) public enum AtomicFile {
  /// Writes under way (their temporary files), and whether the process is stopping.
  private static let writes = Mutex<(stopping: Bool, temporaryFiles: Set<String>)>((false, []))

  /// For a process about to exit: starts no new write, lets those under way finish (each ends
  /// renamed into place or removed) for at most `timeout` seconds, then removes the temporary
  /// files of any still unfinished.
  public static func finishWrites(timeout: TimeInterval) {
    writes.withLock { $0.stopping = true }
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline && !writes.withLock({ $0.temporaryFiles.isEmpty }) { usleep(1_000) }
    for path in writes.withLock({ $0.temporaryFiles }) { unlink(path) }
  }

  public struct WriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "could not write \(path): \(reason)" }
  }

  public static func write(_ data: Data, to url: URL) throws(WriteError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".snapshot-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp")
    let started = writes.withLock { writes in
      if !writes.stopping { writes.temporaryFiles.insert(temporary.path) }
      return !writes.stopping
    }
    // The process is exiting (`finishWrites`): this write never starts.
    guard started else { while true { pause() } }
    defer { writes.withLock { _ = $0.temporaryFiles.remove(temporary.path) } }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try data.write(to: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw WriteError(path: url.path, reason: "\(error.localizedDescription)")
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw WriteError(path: url.path, reason: reason)
    }
  }

  public struct ReadError: Error, CustomStringConvertible {
    public var path: String
    /// Why, such as "is a directory" or "Permission denied".
    public var reason: String
    public var description: String { "\(path) \(reason)" }
  }

  /// The file's bytes, or `nil` when there is no file.
  ///
  /// Read with one `open`, `fstat` and `read`s into the buffer: every assertion reads its
  /// reference, and Foundation's general path costs a small assertion a tenth of its time.
  public static func read(_ url: URL) throws(ReadError) -> Data? {
    try read(path: url.path)
  }

  /// ``read(_:)`` for a path.
  public static func read(path: String) throws(ReadError) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw ReadError(
        path: path, reason: "could not be opened: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw ReadError(path: path, reason: "could not be read: \(String(cString: strerror(errno)))")
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      throw ReadError(path: path, reason: "is a directory, not a file")
    }
    // One byte more than its size, so the read that finds the end needs no new buffer.
    var data = Data(count: max(Int(info.st_size), 0) + 1)
    var filled = 0
    while true {
      if filled == data.count { data.count += 4096 }  // the file grew since fstat
      let count = data.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Foundation.read(descriptor, base + filled, buffer.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw ReadError(
          path: path, reason: "could not be read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }
}
