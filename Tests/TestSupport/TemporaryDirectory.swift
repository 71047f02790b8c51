import Foundation

/// A new empty folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("swift-snapshots-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public var path: String { url.path }

  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  public func text(_ name: String) throws -> String {
    try String(contentsOf: file(name), encoding: .utf8)
  }

  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
