import Foundation

// Prints one row per workload: `name | ours | theirs | ratio | target`.
// `--full` also runs swift-snapshot-testing on the slow sizes (about 25 s more).
let full = CommandLine.arguments.contains("--full")
print("| workload | swift-snapshots | swift-snapshot-testing 1.19.7 | ratio | target |")
print("|---|---|---|---|---|")
do {
  let rows =
    try DumpWorkloads.rows() + DiffWorkloads.rows(full: full) + JSONWorkloads.rows()
    + ImageWorkloads.rows()
  for row in rows {
    print(row.line)
  }
} catch {
  FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
  exit(1)
}
