import Foundation
@_spi(Tooling) import Snapshots
import TestSupport
import Testing

/// `kill -9` of `swift package … snapshot-record --apply-only` at random points while it applies
/// 2,000 inline and 300 file records: no process is left, every file is old or new (never half
/// written, no temporary file left), and running it again completes the work.
struct InterruptedApply {
  let package: ThrowawayPackage
  let files = 20
  let callsPerFile = 100
  let references = 300

  func run(trials: Int) throws {
    defer { try? removeFixtures() }
    try reset()
    let old = try contents()
    let started = Date()
    let full = try package.snapshotRecord("--apply-only")
    let applySeconds = Date().timeIntervalSince(started)
    #expect(full.status == 0, "\(full.output)")
    let new = try contents()
    #expect(new.count == files + references && new != old)
    let tool = try #require(package.snapshotsTool(), "the snapshots tool was built")
    var random = SplitMix(seed: 2_300)
    for trial in 1...trials {
      try reset()
      let command = try package.start(
        ["package", "--allow-writing-to-package-directory", "snapshot-record", "--apply-only"],
        environment: [:])
      let marker = package.folder.url.standardizedFileURL.path
      // Kill while the tool applies: after it starts, within the time a whole run takes.
      #expect(Processes.waitFor(marker, "apply", seconds: 60), "trial \(trial): the tool runs")
      usleep(UInt32.random(in: 0...UInt32(min(applySeconds, 2) * 1_000_000), using: &random))
      let (left, _) = Processes.stop(command, thenWaitFor: marker)
      #expect(left.isEmpty, "trial \(trial): processes left: \(left)")
      let state = try contents()
      for (path, text) in state where text != old[path] && text != new[path] {
        Issue.record("trial \(trial): \(path) is neither old nor new")
      }
      let leftovers = temporaryFiles()
      #expect(leftovers.isEmpty, "trial \(trial): \(leftovers)")
      let again = try Command(
        tool.path, ["apply", "--package-directory", package.folder.path], in: package.folder.url)
      #expect(again.status == 0, "trial \(trial): \(again.output)")
      #expect(try contents() == new, "trial \(trial): a second run completes the work")
    }
  }

  private var sourceFolder: URL { package.folder.url.appendingPathComponent("Tests/AppTests") }
  private var referenceFolder: URL {
    sourceFolder.appendingPathComponent("__Snapshots__/BulkFiles")
  }
  private var store: URL { PendingStore.defaultDirectory(packageRoot: package.folder.url) }

  private func source(_ file: Int) -> String {
    var lines = ["import InlineSnapshots", "", "func bulk\(file)() {"]
    for call in 0..<callsPerFile {
      lines.append("  assertInlineSnapshot(of: \(call), as: .description)")
    }
    return (lines + ["}", ""]).joined(separator: "\n")
  }

  /// The sources as the tests saw them, no references, and one pending run holding every record.
  private func reset() throws {
    try? FileManager.default.removeItem(at: referenceFolder)
    try? FileManager.default.removeItem(at: store)
    let run = store.appendingPathComponent("bulk")
    for file in 0..<files {
      let path = sourceFolder.appendingPathComponent("Bulk\(file)Tests.swift").path
      let text = source(file)
      try package.write("Tests/AppTests/Bulk\(file)Tests.swift", text)
      for call in 0..<callsPerFile {
        let record = PendingInlineRecord(
          sourceFile: path, line: 4 + call, column: 3, functionName: "assertInlineSnapshot",
          closureLabel: "matches", trailingClosureIndex: 0, oldText: nil,
          newText: "bulk \(file).\(call)\nsecond line", sourceHash: ContentHash.of(text),
          testName: "bulk\(file)()")
        try PendingStore.write(.inline(record), data: nil, in: run)
      }
    }
    for reference in 0..<references {
      let record = PendingFileRecord(
        referencePath: referenceFolder.appendingPathComponent("ref\(reference).1.txt").path,
        dataFile: "", testName: "ref\(reference)()")
      let data = Data(String(repeating: "reference \(reference)\n", count: 40).utf8)
      try PendingStore.write(.file(record), data: data, in: run)
    }
    // Left as a test process that ended normally leaves it: the run is complete.
    _ = FileManager.default.createFile(
      atPath: run.appendingPathComponent("\(PendingStore.finishedPrefix)\(getpid())").path,
      contents: nil)
  }

  /// Every bulk source and reference, by path.
  private func contents() throws -> [String: String] {
    var found: [String: String] = [:]
    for file in 0..<files {
      let path = "Tests/AppTests/Bulk\(file)Tests.swift"
      found[path] = try package.read(path)
    }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: referenceFolder.path)) ?? [] {
      found["BulkFiles/" + name] = try String(
        contentsOf: referenceFolder.appendingPathComponent(name), encoding: .utf8)
    }
    return found
  }

  private func temporaryFiles() -> [String] {
    let names = FileManager.default.subpaths(atPath: sourceFolder.path) ?? []
    return names.filter { ($0 as NSString).lastPathComponent.hasPrefix(".snapshot-") }
  }

  private func removeFixtures() throws {
    try? FileManager.default.removeItem(at: referenceFolder)
    try? FileManager.default.removeItem(at: store)
    for file in 0..<files { try? package.remove("Tests/AppTests/Bulk\(file)Tests.swift") }
  }
}
