import Foundation

/// A package folder (`…/swift-snapshots-<workload>-<UUID>/App`) for a workload to fill, under
/// the temporary folder; ``remove()`` takes it away with its parent.
struct ScratchPackage {
  let url: URL

  init(_ workload: String) {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swift-snapshots-\(workload)-\(UUID().uuidString)/App")
  }

  func remove() {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
  }
}
