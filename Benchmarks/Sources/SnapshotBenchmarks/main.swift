import Foundation

// Prints one row per workload: `name | ours | theirs | ratio | target`.
// `--full` also runs swift-snapshot-testing on the slow sizes (about 25 s more);
// `--only GROUP` runs one group: dump, diff, json, http, html, image, inline, suite, gallery, review,
// patterns, browser, observability, build or memory;
// `--no-build-times` leaves out the two clean builds (a few minutes).
let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--peak"), arguments.count > index + 2 {
  try PeakMemory.runChild(arguments[index + 1], folder: arguments[index + 2])
  exit(0)
}
if let index = arguments.firstIndex(of: "--inline-theirs"), arguments.count > index + 1 {
  try InlineWorkloads.runTheirChild(count: Int(arguments[index + 1]) ?? 0)
}
if let index = arguments.firstIndex(of: "--large-package"), arguments.count > index + 1 {
  // Writes the packages and prints their folders (ours, theirs), for timing the tool by hand;
  // the folders stay.
  let package = try LargePackage(references: Int(arguments[index + 1]) ?? 0)
  print(package.folder.path, package.theirs.path)
  exit(0)
}
let full = arguments.contains("--full")
let only = arguments.firstIndex(of: "--only").flatMap {
  arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
func runs(_ group: String) -> Bool {
  only.map { $0 == group } ?? (group != "build" || !arguments.contains("--no-build-times"))
}
print("| workload | swift-snapshots | swift-snapshot-testing 1.19.7 | ratio | target |")
print("|---|---|---|---|---|")
do {
  let groups: [(String, () throws -> [Row])] = [
    ("dump", DumpWorkloads.rows), ("diff", { DiffWorkloads.rows(full: full) }),
    ("json", JSONWorkloads.rows), ("http", HTTPWorkloads.rows), ("html", HTMLWorkloads.rows),
    ("image", ImageWorkloads.rows),
    ("inline", InlineWorkloads.rows), ("suite", { try SuiteWorkloads.rows() }),
    ("gallery", GalleryWorkloads.rows), ("review", ReviewWorkloads.rows),
    ("patterns", PatternWorkloads.rows), ("browser", BrowserWorkloads.rows),
    ("observability", ObservabilityWorkloads.rows),
    ("build", BuildTimes.rows),
  ]
  for (group, rows) in groups where runs(group) {
    for row in try rows() {
      print(row.line)
    }
  }
  if runs("memory") {
    print(
      "\n| peak memory (growth while asserting) | swift-snapshots | swift-snapshot-testing 1.19.7 | the value | ours ÷ value |"
    )
    print("|---|---|---|---|---|")
    for measurement in try PeakMemory.measurements() {
      print(measurement.line)
    }
  }
} catch {
  FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
  exit(1)
}
