import Foundation
import SnapshotTesting
import Snapshots
import SnapshotsPNG

/// Peak memory of one assertion, measured in a fresh process per workload: the growth of the
/// resident set's high-water mark while the assertion runs, beside the size of the value itself.
enum PeakMemory {
  struct Measurement {
    var name: String
    var ours: Int
    var theirs: Int?
    var valueBytes: Int

    var line: String {
      "| \(name) | \(megabytes(ours)) | \(theirs.map(megabytes) ?? "—") | \(megabytes(valueBytes)) | "
        + String(format: "%.1f×", Double(ours) / Double(valueBytes)) + " |"
    }

    private func megabytes(_ bytes: Int) -> String {
      String(format: "%.1f MB", Double(bytes) / 1e6)
    }
  }

  /// Runs each workload in a child process (`--peak NAME FOLDER`) and collects the results.
  static func measurements() throws -> [Measurement] {
    let items = DumpWorkloads.items()
    let pass = PassPath()
    defer { pass.remove() }
    _ = pass.time(items, ours: .dump, theirs: .dump, runs: 1, theirRuns: 1)
    let ours = try child("dump-ours", pass.folder.path)
    let theirs = try child("dump-theirs", pass.folder.path)
    let images = try child("compare-4096", pass.folder.path)
    return [
      Measurement(
        name: ".dump of 10,000 3-field structs, matching reference", ours: ours.peak,
        theirs: theirs.peak, valueBytes: ours.value),
      Measurement(
        name: "compare two 4096×4096 images, 1% of pixels changed", ours: images.peak, theirs: nil,
        valueBytes: images.value),
    ]
  }

  private static func child(_ workload: String, _ folder: String) throws -> (peak: Int, value: Int)
  {
    let output = try ChildProcess.runSelf(["--peak", workload, folder])
    let numbers = output.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard numbers.count == 2 else { throw CocoaError(.featureUnsupported) }
    return (numbers[0], numbers[1])
  }

  /// The child's side: builds the value, then runs the assertion once and prints
  /// `<peak growth in bytes> <value bytes>`.
  static func runChild(_ workload: String, folder: String) throws {
    let root = URL(fileURLWithPath: folder)
    switch workload {
    case "dump-ours", "dump-theirs":
      let items = DumpWorkloads.items()
      let before = resetHighWaterMark()
      if workload == "dump-ours" {
        precondition(
          Snapshots.verifySnapshot(
            of: items, as: .dump, named: "1", record: .never,
            snapshotDirectory: root.appendingPathComponent("ours").path, testName: "bench") == nil)
      } else {
        precondition(
          SnapshotTesting.verifySnapshot(
            of: items, as: .dump, named: "1", record: .never,
            snapshotDirectory: root.appendingPathComponent("theirs").path, testName: "bench") == nil
        )
      }
      print(highWaterMark() - before, MemoryLayout<DumpWorkloads.Item>.stride * items.count)
    default:
      let (reference, changed) = try ImageWorkloads.onePercentChanged()
      let before = resetHighWaterMark()
      precondition(
        Diffing<Image>.image(precision: 0.98, perceptualPrecision: 0.98).diff(reference, changed)
          == nil)
      print(highWaterMark() - before, reference.rgba.count + changed.rgba.count)
    }
  }

  /// Resets the peak resident set to the current one (Linux: `5` into `/proc/self/clear_refs`)
  /// and returns that size, in bytes.
  private static func resetHighWaterMark() -> Int {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    return status("VmRSS")
  }

  /// The peak resident set since the last reset, in bytes.
  private static func highWaterMark() -> Int { status("VmHWM") }

  private static func status(_ field: String) -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }
}
