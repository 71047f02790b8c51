import Foundation
import FuzzSupport
@_spi(Tooling) import Snapshots

@testable @_spi(Tooling) import SnapshotTooling

/// Any bytes as a pending record file: the run loads, with the record as its one entry or its
/// one damaged file, named; it never crashes.
func fuzzPendingRecord(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: count)
  let record = folder.appendingPathComponent("1-1-1.record")
  try? Data(input).write(to: record)
  do {
    let run = try PendingRun.load(folder)
    precondition(
      run.entries.count + run.damaged.count == 1,
      "one record file, \(run.entries.count) records and \(run.damaged.count) damaged")
    precondition(run.damaged.allSatisfy { $0.url.path == record.path }, "the damaged file named")
  } catch {
    fatalError("the folder could not be read: \(error)")
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
