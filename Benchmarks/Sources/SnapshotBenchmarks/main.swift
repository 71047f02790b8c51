import Foundation

// Prints one row per workload: `name | ours | theirs | ratio | target`.
// `--full` also runs swift-snapshot-testing on the slow sizes (about 25 s more);
// `--no-build-times` leaves out the two clean builds (a few minutes).
let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--peak"), arguments.count > index + 2 {
  try PeakMemory.runChild(arguments[index + 1], folder: arguments[index + 2])
  exit(0)
}
if let index = arguments.firstIndex(of: "--inline-theirs"), arguments.count > index + 1 {
  try InlineWorkloads.runTheirChild(count: Int(arguments[index + 1]) ?? 0)
}
let full = arguments.contains("--full")
print("| workload | swift-snapshots | swift-snapshot-testing 1.19.7 | ratio | target |")
print("|---|---|---|---|---|")
do {
  let rows =
    try DumpWorkloads.rows() + DiffWorkloads.rows(full: full) + JSONWorkloads.rows()
    + ImageWorkloads.rows() + InlineWorkloads.rows()
    + (arguments.contains("--no-build-times") ? [] : BuildTimes.rows())
  for row in rows {
    print(row.line)
  }
  print(
    "\n| peak memory (growth while asserting) | swift-snapshots | swift-snapshot-testing 1.19.7 | the value | ours ÷ value |"
  )
  print("|---|---|---|---|---|")
  for measurement in try PeakMemory.measurements() {
    print(measurement.line)
  }
} catch {
  FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
  exit(1)
}
