import Foundation

/// Logs the reference file of every assertion to the pending store, for finding orphans.
///
/// When `SNAPSHOTS_LOG_REFERENCES` is `1` (the `snapshot-record` plugin sets it), and whenever
/// runs are exported for `snapshot-record --from` (``PendingStore/isExported(_:)``): the shards'
/// logs together tell orphans. One file per process. Lines are kept in memory and written in
/// blocks, the last at exit, before the process's ``FinishedMarker``: a log is only trusted
/// when that marker is there, so a crash that loses the tail loses nothing trusted.
final class ReferenceLog: Sendable {
  static let shared = ReferenceLog()

  private let enabled =
    SnapshotSettings.processEnvironment[PendingStore.logVariable] == "1"
    || PendingStore.isExported(SnapshotSettings.processEnvironment)

  private struct State {
    var descriptor: Int32?
    var pending: [UInt8] = []
  }

  private let state = Locked(State())
  /// Bytes kept before a write.
  private static let block = 64 * 1024

  /// `reference` (a standardised path, as ``SnapshotLocation`` makes them) is only made when
  /// logging is on: every assertion calls this.
  func log(_ reference: @autoclosure () -> String, testFilePath: String) {
    guard enabled else { return }
    var path = reference()
    state.withLock { state in
      if state.descriptor == nil { open(&state, testFilePath: testFilePath) }
      guard state.descriptor != nil else { return }
      path.withUTF8 { state.pending.append(contentsOf: $0) }
      state.pending.append(10)
      if state.pending.count >= Self.block { Self.write(&state) }
    }
  }

  /// Opens this process's log in the run, and arms the marker and the last write at exit:
  /// handlers run last-registered first, so the log is whole before the marker says so.
  private func open(_ state: inout State, testFilePath: String) {
    let directory = PendingStore.runDirectory(testFilePath: testFilePath)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(
      PendingStore.usedPrefix + PendingStore.uniqueName()
    ).path
    let opened = Foundation.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard opened >= 0 else { return }
    state.descriptor = opened
    FinishedMarker.arm(in: directory)
    atexit { ReferenceLog.shared.state.withLock { ReferenceLog.write(&$0) } }
  }

  private static func write(_ state: inout State) {
    guard let descriptor = state.descriptor, !state.pending.isEmpty else { return }
    _ = state.pending.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    state.pending.removeAll(keepingCapacity: true)
  }
}
