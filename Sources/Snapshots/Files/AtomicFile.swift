import Foundation
import SnapshotsPOSIX

/// Files written whole or not at all: the bytes go to a temporary file beside the target, which
/// is then renamed over it, so an interrupted run never leaves a partial reference.
package enum AtomicFile {
  /// Writes under way (their temporary files), and whether the process is stopping.
  private static let writes = Locked<(stopping: Bool, temporaryFiles: Set<String>)>((false, []))

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

  /// How far a write has gone when it returns.
  public enum Durability: Sendable {
    /// On disk (`fsync`) before it is renamed into place: a reference, a test source, what the
    /// user keeps.
    case synced
    /// Whole once renamed, and left to the kernel to put on disk: what the tests leave for the
    /// tool (pending records and their bytes, whose size and SHA-256 the tool checks before it
    /// uses them, and which it syncs before they become a reference) and the artifacts of a
    /// failure, all of which the next run makes again. A sync each would be most of what a
    /// first `snapshot-record` of thousands of references costs the tests.
    case whole
  }

  /// Writes `data` in place of the file at `url`, on disk when this returns.
  ///
  /// A symbolic link is written through: its target gets the bytes and the link stays a link.
  /// A file that exists keeps its permissions (a read-only reference stays read-only).
  public static func write(_ data: Data, to url: URL) throws(WriteError) {
    try write(data, to: url, durability: .synced)
  }

  /// ``write(_:to:)``, as durable as `durability` says.
  ///
  /// The file is made with POSIX calls: Foundation's `Data.write` looks the paths up again
  /// and syncs every file, which a recording of thousands of references pays for each.
  public static func write(_ data: Data, to url: URL, durability: Durability) throws(WriteError) {
    let target = followingLinks(url.path)
    let temporary =
      "\(folder(of: target))/.snapshot-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"
    let started = writes.withLock { writes in
      if !writes.stopping { writes.temporaryFiles.insert(temporary) }
      return !writes.stopping
    }
    // The process is exiting (`finishWrites`): this write never starts.
    guard started else { while true { pause() } }
    defer { writes.withLock { _ = $0.temporaryFiles.remove(temporary) } }
    // The reason is worked out (from `errno`) before the temporary file is removed.
    func abandoned(_ reason: String) -> WriteError {
      unlink(temporary)
      return WriteError(path: url.path, reason: reason)
    }
    let create = { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
    var descriptor = create()
    if descriptor < 0, errno == ENOENT {
      if let reason = makeFolder(of: target) { throw WriteError(path: url.path, reason: reason) }
      descriptor = create()
    }
    guard descriptor >= 0 else { throw WriteError(path: url.path, reason: systemError()) }
    let written =
      data.withUnsafeBytes { Descriptors.writeAll($0, to: descriptor) }
      && (durability == .whole || fsync(descriptor) == 0)
    let reason = written ? nil : systemError()
    close(descriptor)
    if let reason { throw abandoned(reason) }
    if let mode = mode(of: target), chmod(temporary, mode) != 0 {
      throw abandoned("its permissions could not be kept: \(systemError())")
    }
    if rename(temporary, target) != 0 { throw abandoned(systemError()) }
  }

  /// Puts the file at `source`, which holds `data` (a pending record's bytes), in place of the
  /// file at `url` by renaming it, as ``write(_:to:)`` would write `data` there: on disk first,
  /// through a link, keeping the mode of a file that exists.
  ///
  /// A rename makes no new file: accepting thousands of references makes no temporary file and
  /// no second deletion each (costs in `Benchmarks/README.md`). Where it cannot rename (another
  /// file system, a source that is gone), it writes `data`; `source` then stays.
  ///
  /// - Parameter sourceOnDisk: whether ``syncForMoving(_:)`` has put `source` on disk already.
  public static func move(
    _ source: URL, holding data: Data, to url: URL, sourceOnDisk: Bool = false
  ) throws(WriteError) {
    if !renamed(source, to: url, sourceOnDisk: sourceOnDisk) { try write(data, to: url) }
  }

  /// The rename of ``move(_:holding:to:sourceOnDisk:)``, without its fallback.
  ///
  /// Whether the file at `source` is now in place of the file at `url` (on disk, through a
  /// link, with the mode of a file that was there). When it is not, nothing changed at `url`.
  public static func renamed(_ source: URL, to url: URL, sourceOnDisk: Bool) -> Bool {
    let target = followingLinks(url.path)
    let mode = mode(of: target)
    // A reference is on disk before it is in place, as ``write(_:to:)``'s are: the tests write
    // the store's bytes ``Durability/whole``.
    let source = source.path
    var synced = sourceOnDisk
    if !synced {
      let descriptor = open(source, O_RDONLY | O_CLOEXEC)
      synced = descriptor >= 0 && fsync(descriptor) == 0
      if descriptor >= 0 { close(descriptor) }
    }
    return synced && mode.map({ chmod(source, $0) == 0 }) ?? true
      && (rename(source, target) == 0
        || errno == ENOENT && makeFolder(of: target) == nil && rename(source, target) == 0)
  }

  /// Puts the files at `paths` on disk before they are moved into place, by one sync of each
  /// file system they are on; whether it did.
  ///
  /// A sync per file flushes the device once per file (costs in `Benchmarks/README.md`). When
  /// this says no, each ``move(_:holding:to:sourceOnDisk:)`` syncs its own.
  ///
  /// Fewer than a few dozen are left to their moves: a file system's sync also waits for
  /// whatever else was written to it (a build's output), which one file's sync does not.
  public static func syncForMoving(_ paths: [String]) -> Bool {
    guard paths.count >= 32 else { return false }
    return Set(paths.map { String(folder(of: $0)) }).allSatisfy(
      Descriptors.syncFileSystem(holding:))
  }

  /// The folder a standardized path lies in.
  private static func folder(of path: String) -> Substring {
    path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
  }

  /// Makes the folder `path` lies in, and those above it; why not, when it cannot.
  private static func makeFolder(of path: String) -> String? {
    do {
      try FileManager.default.createDirectory(
        atPath: String(folder(of: path)), withIntermediateDirectories: true)
      return nil
    } catch {
      return error.localizedDescription
    }
  }

  /// The permissions of the file at `path`, which a file written in its place keeps; `nil`
  /// when there is none.
  private static func mode(of path: String) -> mode_t? {
    var existing = stat()
    return stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : nil
  }

  /// The file a path names once its symbolic links (of the last component, in a chain) are
  /// followed, even to a target that does not exist yet; the path itself when it is no link.
  static func followingLinks(_ path: String) -> String {
    var current = path
    // As many links as the kernel follows before it gives up (ELOOP).
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
        let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        destination.hasPrefix("/")
        ? destination
        : URL(fileURLWithPath: current).deletingLastPathComponent()
          .appendingPathComponent(destination).path
    }
    return current
  }

  public struct ReadError: Error, CustomStringConvertible {
    public var path: String
    /// Why, such as "is a directory" or "Permission denied".
    public var reason: String
    public var description: String { "\(path) \(reason)" }
  }

  /// The file's bytes, or `nil` when there is no file.
  ///
  /// Every assertion reads its reference, so this is the fewest system calls: `open`, one `read`
  /// into a buffer on the stack, `close`. A file shorter than the buffer is whole after that
  /// read (a regular file's `read` returns less than asked only at its end); a longer one is read
  /// on to its end. Foundation's general path makes more calls than that.
  public static func read(_ url: URL) throws(ReadError) -> Data? {
    try read(path: url.path)
  }

  /// ``read(_:)`` for a path.
  public static func read(path: String) throws(ReadError) -> Data? {
    try read(opening: path.withCString { Foundation.open($0, O_RDONLY | O_CLOEXEC) }, path: path)
  }

  /// ``read(_:)`` for the file `name` in the open folder `folder` (whose path is `path`'s
  /// folder): the kernel looks up one name instead of walking the whole path.
  static func read(name: String, in folder: Int32, path: String) throws(ReadError) -> Data? {
    try read(opening: name.withCString { openat(folder, $0, O_RDONLY | O_CLOEXEC) }, path: path)
  }

  /// Reads the file just opened as `descriptor` (negative if it could not be) and closes it.
  private static func read(opening descriptor: Int32, path: String) throws(ReadError) -> Data? {
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw ReadError(path: path, reason: "could not be opened: \(systemError())")
    }
    defer { close(descriptor) }
    let chunk = 16 * 1024
    var data = Data()
    while true {
      let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { buffer in
        let count = Descriptors.read(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
        if count > 0 { data.append(UnsafeBufferPointer(start: buffer.baseAddress, count: count)) }
        return count
      }
      guard count >= 0 else {
        if errno == EISDIR { throw ReadError(path: path, reason: "is a directory, not a file") }
        throw ReadError(path: path, reason: "could not be read: \(systemError())")
      }
      if count < chunk { return data }
    }
  }

  /// Appends a short line to a log that several processes write (a run's journal, the failure
  /// log) in one `write` with `O_APPEND`, so lines never interleave; with `synchronously`, the
  /// line is on disk when this returns.
  public static func append(_ line: String, to url: URL, synchronously: Bool = false)
    throws(WriteError)
  {
    let bytes = Array((line + "\n").utf8)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw WriteError(path: url.path, reason: systemError()) }
    defer { close(descriptor) }
    guard bytes.withUnsafeBytes({ Descriptors.writeAll($0, to: descriptor) }),
      !synchronously || fsync(descriptor) == 0
    else {
      throw WriteError(path: url.path, reason: systemError())
    }
  }

  /// Appends `value` as one line of JSON: the logs that test processes running in parallel
  /// share (failures, `--sensitivity`'s reports, `--stability`'s values).
  static func append(json value: some Encodable, to path: String) throws(WriteError) {
    guard let line = try? JSONEncoder().encode(value) else { return }
    try append(
      String(decoding: line, as: UTF8.self), to: URL(fileURLWithPath: path, isDirectory: false))
  }

  /// The values of a file of JSON lines, in order; lines that do not decode are skipped, and a
  /// file that cannot be read holds none.
  public static func jsonLines<Value: Decodable>(_ url: URL, as type: Value.Type) -> [Value] {
    guard let data = try? Data(contentsOf: url) else { return [] }
    return jsonLines(data, as: type)
  }

  /// The values of JSON lines (Swift Testing's event stream, a log), in order.
  public static func jsonLines<Value: Decodable>(_ data: Data, as type: Value.Type) -> [Value] {
    let decoder = JSONDecoder()
    return data.withUnsafeBytes { bytes in
      lineRanges(bytes).compactMap { range in
        try? decoder.decode(type, from: Data(UnsafeRawBufferPointer(rebasing: bytes[range])))
      }
    }
  }

  /// Where the lines of `bytes` are, without their newlines, empty ones left out; found with
  /// `memchr`, since the logs tests write run to megabytes, which a generic split walks a byte
  /// at a time in a debug build.
  private static func lineRanges(_ bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
    guard let base = bytes.baseAddress else { return [] }
    var ranges: [Range<Int>] = []
    var start = 0
    while start < bytes.count {
      let end =
        memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
        .map { UnsafeRawPointer($0) - base } ?? bytes.count
      if end > start { ranges.append(start..<end) }
      start = end + 1
    }
    return ranges
  }

  private static func systemError() -> String { String(cString: strerror(errno)) }
}
