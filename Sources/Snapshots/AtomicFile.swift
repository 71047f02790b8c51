import Foundation

/// Files written whole or not at all: the bytes go to a temporary file beside the target, which
/// is then renamed over it, so an interrupted run never leaves a partial reference.
@_spi(Tooling) public enum AtomicFile {
  public struct WriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "could not write \(path): \(reason)" }
  }

  public static func write(_ data: Data, to url: URL) throws(WriteError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".snapshot-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp")
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

  /// The file's bytes, or `nil` when there is no file.
  public static func read(_ url: URL) throws -> Data? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Data(contentsOf: url)
  }
}
