import Foundation
import SnapshotsPOSIX

/// Each assertion's value in a `--stability` run, to tell whether a snapshot fails by chance.
///
/// Under `snapshot-record --stability` (which names a folder in `SNAPSHOTS_STABILITY` for each
/// of its runs), every assertion writes a record to its
/// process's file there (`<pid>.values`): its place and the value as its reference would hold it
/// (filtered, the reference's patterns that still match kept). The tool compares the records
/// of several runs.
///
/// A record is its fields' bytes, each after its length, with no escaping: the record of a
/// value that did not vary is the same bytes in every run, so the tool compares bytes and
/// reads only the records that differ, and writing one costs an assertion a few copies.
package enum StabilityLog {
  public static let variable = "SNAPSHOTS_STABILITY"
  public static let fileExtension = "values"

  /// This process's file, opened once for all its assertions; `nil` outside `--stability`.
  static let log: Log? = SnapshotSettings.processEnvironment[variable].flatMap { folder in
    folder.isEmpty ? nil : Log(path: "\(folder)/\(getpid()).\(fileExtension)")
  }

  /// One assertion's value in one run.
  public struct Entry: Equatable, Sendable {
    /// What tells this assertion from every other in the run: its reference's path, or for an
    /// inline snapshot its call (`<file>:<line>`), its test, and how many times that test made
    /// it before.
    public var key: String
    public var isInline: Bool
    public var sourceFile: String
    public var line: Int
    /// The value as its reference would hold it, when it is UTF-8 text.
    public var text: String?
    /// Its bytes' SHA-256, when it is not text (an image).
    public var digest: String?
    /// The captured text before the filters, when filters changed it: what their placeholders
    /// stand for.
    public var unfiltered: String?
    /// Whether the value is its reference file's bytes, which are then not written again:
    /// most values of a passing suite, each as long as its reference.
    public var isReference: Bool
    /// The test process, for values that are its number: the file's name, not in the record.
    public var process: Int32 = 0

    /// The reference file's path, or `inline`.
    public var reference: String { isInline ? "inline" : key }

    public init(
      key: String, isInline: Bool = false, sourceFile: String, line: Int, text: String?,
      digest: String? = nil, unfiltered: String? = nil, isReference: Bool = false,
      process: Int32 = 0
    ) {
      (self.key, self.isInline, self.sourceFile, self.line) = (key, isInline, sourceFile, line)
      (self.text, self.digest, self.unfiltered) = (text, digest, unfiltered)
      (self.isReference, self.process) = (isReference, process)
    }

    /// The record: its length, then flags, the line, and each field there is as its length
    /// and its UTF-8 (lengths are 4 bytes, little-endian).
    public var record: [UInt8] {
      var record: [UInt8] = []
      write(into: &record)
      return record
    }

    /// Appends ``record`` to `bytes` (a process's gathered records, which grow as an array
    /// does: reserving each record's size would copy them all each time).
    func write(into bytes: inout [UInt8]) {
      var flags: UInt8 = (isInline ? 1 : 0) | (isReference ? 2 : 0)
      var size = 1 + 4 + 4 + key.utf8.count + 4 + sourceFile.utf8.count
      if let text { (flags, size) = (flags | 4, size + 4 + text.utf8.count) }
      if let digest { (flags, size) = (flags | 8, size + 4 + digest.utf8.count) }
      if let unfiltered { (flags, size) = (flags | 16, size + 4 + unfiltered.utf8.count) }
      func put(_ value: Int) {
        withUnsafeBytes(of: UInt32(clamping: value).littleEndian) { bytes += $0 }
      }
      func put(_ field: String?) {
        guard let field else { return }
        put(field.utf8.count)
        bytes += field.utf8
      }
      put(size)
      bytes.append(flags)
      put(line)
      put(key)
      put(sourceFile)
      put(text)
      put(digest)
      put(unfiltered)
    }

    /// The entry a record's body (after its length) holds; `nil` when it is cut short.
    public init?(body: UnsafeRawBufferPointer, process: Int32) {
      var offset = 0
      func number() -> Int? {
        guard offset + 4 <= body.count else { return nil }
        defer { offset += 4 }
        return StabilityLog.length(in: body, at: offset)
      }
      func field() -> String? {
        guard let count = number(), offset + count <= body.count else { return nil }
        defer { offset += count }
        return String(
          decoding: UnsafeRawBufferPointer(rebasing: body[offset..<offset + count]), as: UTF8.self)
      }
      guard let flags = body.first else { return nil }
      offset = 1
      guard let line = number(), let key = field(), let sourceFile = field() else { return nil }
      var optional: [String?] = []
      for bit in 0..<3 {
        if flags & (4 << bit) == 0 {
          optional.append(nil)
        } else {
          guard let value = field() else { return nil }
          optional.append(value)
        }
      }
      self.init(
        key: key, isInline: flags & 1 != 0, sourceFile: sourceFile, line: line,
        text: optional[0], digest: optional[1], unfiltered: optional[2],
        isReference: flags & 2 != 0, process: process)
    }

  }

  /// Where each record of a file is: the bodies after their lengths; a record cut short (a
  /// process killed as it wrote) ends the list.
  public static func records(_ bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
    var records: [Range<Int>] = []
    var offset = 0
    while offset + 4 <= bytes.count {
      let count = length(in: bytes, at: offset)
      guard offset + 4 + count <= bytes.count else { break }
      records.append(offset + 4..<offset + 4 + count)
      offset += 4 + count
    }
    return records
  }

  /// The 4-byte little-endian length (or line) at `offset`, as ``Entry/record`` writes it.
  static func length(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
    (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }

  /// A process's file, written 64 KB at a time.
  ///
  /// Records are gathered in memory and written on a descriptor kept open, the rest when the
  /// process exits, so that an assertion costs neither an `open` nor a `write`. A process that
  /// dies leaves some records unwritten; the tool then stops at its crash, and compares
  /// nothing.
  final class Log: Sendable {
    let path: String
    private let descriptor: Int32
    private let gathered = Locked<[UInt8]>([])
    static let writeSize = 1 << 16

    init(path: String) {
      self.path = path
      descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      atexit { try? StabilityLog.log?.flush() }
    }

    /// Gathers `entry`'s record, and writes what is gathered once it is ``writeSize``.
    func append(_ entry: Entry) throws(AtomicFile.WriteError) {
      let full = gathered.withLock { gathered -> [UInt8]? in
        entry.write(into: &gathered)
        guard gathered.count >= Self.writeSize else { return nil }
        defer { gathered = [] }
        return gathered
      }
      if let full { try write(full) }
    }

    /// Writes what is gathered, at the process's exit.
    func flush() throws(AtomicFile.WriteError) {
      try write(
        gathered.withLock { gathered in
          defer { gathered = [] }
          return gathered
        })
    }

    private func write(_ bytes: [UInt8]) throws(AtomicFile.WriteError) {
      guard !bytes.isEmpty else { return }
      guard descriptor >= 0, bytes.withUnsafeBytes({ Descriptors.writeAll($0, to: descriptor) })
      else {
        throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
      }
    }
  }

  /// The inline calls' counts, per call and test, in this process.
  private static let counts = Locked<[String: Int]>([:])

  /// Appends an assertion's value to this process's file; `isReference` when it matched its
  /// reference file, whose bytes it is.
  static func append(
    _ value: Data, isReference: Bool, reference: String, source: (filePath: String, line: UInt),
    test: String, unfiltered: String?, to log: Log
  ) throws(AtomicFile.WriteError) {
    let isInline = reference == "inline"
    var key = reference
    if isInline {
      let call = "\(source.filePath):\(source.line) \(test)"
      let count = counts.withLock { counts in
        defer { counts[call, default: 0] += 1 }
        return counts[call, default: 0]
      }
      key = "\(call) #\(count + 1)"
    }
    var entry = Entry(
      key: key, isInline: isInline, sourceFile: source.filePath, line: Int(source.line),
      text: nil, unfiltered: unfiltered.flatMap { Data($0.utf8) == value ? nil : $0 })
    if isReference, !isInline {
      // Not decoded: most assertions of a passing suite take this way.
      entry.isReference = true
    } else {
      entry.text = String(data: value, encoding: .utf8)
      entry.digest = entry.text == nil ? SHA256.hex(value) : nil
    }
    try log.append(entry)
  }
}
