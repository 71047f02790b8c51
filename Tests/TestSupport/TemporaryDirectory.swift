import Foundation

/// A new empty folder under the system's temporary directory, removed by `remove()` or, at the
/// latest, when the test process exits.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("swift-snapshots-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    Leftovers.add(url)
  }

  public var path: String { url.path }

  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  public func text(_ name: String) throws -> String {
    try String(contentsOf: file(name), encoding: .utf8)
  }

  /// Writes `text` at `path`, in this folder or under it, making the folders it needs.
  public func write(_ text: String, at path: String) throws { try write(Data(text.utf8), at: path) }

  public func write(_ data: Data, at path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// The folders a test made and did not remove, removed when the process exits: tests hand their
/// paths to other processes, so none goes while the tests run, and a run leaves none behind.
private enum Leftovers {
  nonisolated(unsafe) static var urls: [URL] = []
  static let lock = NSLock()
  static let cleanUp: Void = {
    atexit {
      Leftovers.lock.withLock {
        for url in Leftovers.urls { try? FileManager.default.removeItem(at: url) }
      }
    }
  }()

  static func add(_ url: URL) {
    _ = cleanUp
    lock.withLock { urls.append(url) }
  }
}
