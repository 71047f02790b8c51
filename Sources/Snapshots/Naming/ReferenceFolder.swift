import Foundation

/// Where a test file's references go: `__Snapshots__/<TestFile>` beside it, or the
/// `snapshotDirectory:` given, spelt as `URL`'s standardised path (no `.`, `..` or repeated `/`),
/// the one spelling the reference log and the orphan scan compare.
///
/// A plain absolute path (`/…/CardTests.swift`, which `#filePath` is) is taken apart by its
/// bytes; any other goes through `URL`. The first `URL` operations of a process cost more than
/// the rest of its first assertion, and each new test file paid a few more.
enum ReferenceFolder {
  static func of(testFile filePath: String, snapshotDirectory: String?) -> String {
    if let plain = plainParts(of: filePath) {
      if let snapshotDirectory {
        if let directory = plainDirectory(snapshotDirectory) { return directory }
      } else {
        return plain.folder + "/" + ReferenceName.folder + "/" + plain.name
      }
    }
    return throughURL(testFile: filePath, snapshotDirectory: snapshotDirectory)
  }

  static func throughURL(testFile filePath: String, snapshotDirectory: String?) -> String {
    let testFile = URL(fileURLWithPath: filePath, isDirectory: false)
    let testFileName = testFile.deletingPathExtension().lastPathComponent
    let directory =
      snapshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? testFile.deletingLastPathComponent()
      .appendingPathComponent(ReferenceName.folder, isDirectory: true)
      .appendingPathComponent(testFileName, isDirectory: true)
    var directoryPath = directory.standardizedFileURL.path
    while directoryPath.count > 1 && directoryPath.hasSuffix("/") { directoryPath.removeLast() }
    return directoryPath
  }

  private static let slash = UInt8(ascii: "/")
  private static let dot = UInt8(ascii: ".")

  /// The folder of a plain file path (`""` for the root) and the file's name without its
  /// extension, when the name has one of ASCII letters and digits and does not start with `.`.
  private static func plainParts(of path: String) -> (folder: String, name: String)? {
    guard isPlain(path) else { return nil }
    var copy = path
    return copy.withUTF8 { bytes -> (String, String)? in
      guard let base = bytes.baseAddress else { return nil }
      var lastSlash = bytes.count - 1
      while bytes[lastSlash] != slash { lastSlash -= 1 }
      var lastDot = bytes.count - 1
      while lastDot > lastSlash && bytes[lastDot] != dot {
        let byte = bytes[lastDot] | 0x20  // ASCII letters in lower case
        guard (byte >= 0x61 && byte <= 0x7A) || (bytes[lastDot] >= 0x30 && bytes[lastDot] <= 0x39)
        else { return nil }
        lastDot -= 1
      }
      guard lastDot > lastSlash + 1, lastDot < bytes.count - 1, bytes[lastSlash + 1] != dot
      else { return nil }
      return (
        String(decoding: UnsafeBufferPointer(start: base, count: lastSlash), as: UTF8.self),
        String(
          decoding: UnsafeBufferPointer(
            start: base + lastSlash + 1, count: lastDot - lastSlash - 1),
          as: UTF8.self)
      )
    }
  }

  /// A plain folder path without its trailing `/`s, `nil` for any other.
  private static func plainDirectory(_ path: String) -> String? {
    var trimmed = path
    while trimmed.utf8.count > 1 && trimmed.utf8.last == slash { trimmed.removeLast() }
    return isPlain(trimmed) ? trimmed : nil
  }

  /// Absolute, with no empty, `.` or `..` part: nothing for `URL` to change.
  private static func isPlain(_ path: String) -> Bool {
    var copy = path
    return copy.withUTF8 { bytes in
      guard bytes.count > 1, bytes[0] == slash else { return false }
      var start = 1
      var index = 1
      while index <= bytes.count {
        if index == bytes.count || bytes[index] == slash {
          let length = index - start
          if length == 0 { return false }
          if bytes[start] == dot && (length == 1 || (length == 2 && bytes[start + 1] == dot)) {
            return false
          }
          start = index + 1
        }
        index += 1
      }
      return true
    }
  }
}
