import Foundation
import FuzzSupport
@_spi(Tooling) import SnapshotTooling
@_spi(Tooling) import Snapshots

/// Any bytes as a pending record file: the run loads, or fails with an error that names the
/// file; it never crashes.
func fuzzPendingRecord(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: count)
  let record = folder.appendingPathComponent("1-1-1.record")
  try? Data(input).write(to: record)
  do {
    let run = try PendingRun.load(folder)
    precondition(run.entries.count == 1, "one record file, \(run.entries.count) records")
  } catch let error as PendingRun.UnreadableRecord {
    precondition(error.path == record.path, "the error names \(error.path)")
  } catch {
    fatalError("an error that does not name the record: \(error)")
  }
  return 0
}

/// A folder of its own, in memory where there is one.
let folder: URL = {
  let base =
    FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  let url = URL(fileURLWithPath: base).appendingPathComponent("snapshots-fuzz-\(getpid())")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}()

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzPendingRecord(data, count) }
  }
}
