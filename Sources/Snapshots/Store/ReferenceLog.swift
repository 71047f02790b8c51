import Foundation
import Synchronization

/// Logs the reference file of every assertion to the pending store, for finding orphans.
///
/// When `SNAPSHOTS_LOG_REFERENCES` is `1` (the `snapshot-record` plugin sets it), and whenever
/// runs are exported for `snapshot-record --apply` (``PendingStore/isExported(_:)``): the shards'
/// logs together tell orphans. One file per process, appended a line at a time.
final class ReferenceLog: Sendable {
  static let shared = ReferenceLog()

  private let enabled =
    SnapshotSettings.processEnvironment[PendingStore.logVariable] == "1"
    || PendingStore.isExported(SnapshotSettings.processEnvironment)
  private let descriptor = Mutex<Int32?>(nil)

  /// `reference` is only made when logging is on: every assertion calls this.
  func log(_ reference: @autoclosure () -> String, testFilePath: String) {
    guard enabled else { return }
    var path = reference()
    // Paths from `#filePath` are absolute and plain; only others pay for standardising.
    if path.contains("/./") || path.contains("/../") {
      path = URL(fileURLWithPath: path).standardizedFileURL.path
    }
    let line = Array((path + "\n").utf8)
    descriptor.withLock { descriptor in
      if descriptor == nil {
        let directory = PendingStore.runDirectory(testFilePath: testFilePath)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(
          PendingStore.usedPrefix + PendingStore.uniqueName()
        ).path
        let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if opened >= 0 {
          descriptor = opened
          FinishedMarker.arm(in: directory)
        }
      }
      guard let descriptor else { return }
      _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
  }
}
