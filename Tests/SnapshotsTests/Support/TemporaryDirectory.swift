import Foundation

/// A new empty folder under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("swift-snapshots-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  func text(_ name: String) throws -> String {
    try String(contentsOf: file(name), encoding: .utf8)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
