import Foundation
@_spi(Tooling) import Snapshots

/// One `--stability` run's log: every record its test processes wrote (``StabilityLog``), as
/// bytes, with the process that wrote it.
///
/// A value that did not vary is the same record in every run, so records are compared as
/// bytes (each hashed once, with the standard library's hash of a buffer) and only those that
/// differ are read.
struct StabilityRunLog {
  struct Line: Hashable {
    let bytes: ArraySlice<UInt8>
    let process: Int32
    private let hash: Int

    init(_ bytes: ArraySlice<UInt8>, process: Int32) {
      (self.bytes, self.process) = (bytes, process)
      var hasher = Hasher()
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
      hash = hasher.finalize()
    }

    /// Equal bytes, whichever process wrote them.
    static func == (left: Line, right: Line) -> Bool {
      left.hash == right.hash && left.bytes.count == right.bytes.count
        && left.bytes.withUnsafeBytes { a in
          right.bytes.withUnsafeBytes { b in
            guard let a = a.baseAddress, let b = b.baseAddress else { return true }
            return memcmp(a, b, left.bytes.count) == 0
          }
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// Whether the line holds `needle` (not empty) anywhere: each place its first byte is
    /// (`memchr`), compared whole.
    func contains(_ needle: [UInt8]) -> Bool {
      bytes.withUnsafeBytes { line in
        needle.withUnsafeBytes { needle in
          guard let first = needle.first, let needleStart = needle.baseAddress,
            var start = line.baseAddress
          else { return false }
          var remaining = line.count
          while remaining >= needle.count,
            let found = memchr(start, Int32(first), remaining - needle.count + 1)
          {
            if memcmp(found, needleStart, needle.count) == 0 { return true }
            let skipped = UnsafeRawPointer(found) - start + 1
            (start, remaining) = (start + skipped, remaining - skipped)
          }
          return false
        }
      }
    }

    /// The entry it holds, with its process and its value (a value that matched its
    /// reference file is that file's bytes); `nil` for a record cut short.
    func entry() -> StabilityLog.Entry? {
      guard
        var entry = bytes.withUnsafeBytes({
          StabilityLog.Entry(body: $0, process: process)
        })
      else { return nil }
      if entry.isReference,
        let data = try? AtomicFile.read(URL(fileURLWithPath: entry.key, isDirectory: false))
      {
        entry.text = String(data: data, encoding: .utf8)
        entry.digest = entry.text == nil ? SHA256.hex(data) : nil
      }
      return entry
    }
  }

  var lines: [Line]

  /// The lines of a run's folder: a file per test process, named by its number.
  init(folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    lines = names.sorted().flatMap { name -> [Line] in
      guard name.hasSuffix("." + StabilityLog.fileExtension),
        let process = Int32(name.dropLast(StabilityLog.fileExtension.count + 1)),
        let data = try? AtomicFile.read(folder.appendingPathComponent(name, isDirectory: false))
      else { return [] }
      let bytes = [UInt8](data)
      return bytes.withUnsafeBytes(StabilityLog.records).map { Line(bytes[$0], process: process) }
    }
  }

  /// The records of entries, as the test processes write them (for checks of the comparison).
  init(_ entries: [StabilityLog.Entry]) {
    lines = entries.map { Line($0.record.dropFirst(4), process: $0.process) }
  }
}
