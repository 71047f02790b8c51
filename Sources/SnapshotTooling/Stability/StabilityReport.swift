import Foundation
@_spi(Tooling) import Snapshots

/// What the last `--stability` check found, kept in `.build/snapshots/stability.json`: its
/// printed report, its JSON (`--stability --json`), and what the review and `pending --json`
/// say of a pending change whose snapshot varied ("unstable: …").
struct StabilityReport: Codable, Equatable {
  static let schemaVersion = 1
  var schemaVersion = Self.schemaVersion
  var runs: Int
  var compared: Int
  var testsFailed: Bool
  var findings: [StabilityCheck.Finding]
  /// What the run under another environment did not change (a locale the machine lacks).
  var notes: [String] = []

  static func file(in package: URL) -> URL {
    package.appendingPathComponent(".build/snapshots/stability.json", isDirectory: false)
  }

  /// The last check's report in a package, if there is one that reads.
  static func read(in package: URL) -> StabilityReport? {
    guard let data = try? AtomicFile.read(file(in: package)) else { return nil }
    return try? JSONDecoder().decode(StabilityReport.self, from: data)
  }

  /// What the review and `pending --json` say of each snapshot that varied (`unstable: a
  /// UUID, a timestamp`), by the snapshot's place (``place(of:)``): worked out once, since a
  /// listing asks it of every pending change.
  func summaries() -> [String: String] {
    Dictionary(grouping: findings) { Self.place($0.reference, $0.sourceFile, $0.line) }
      .mapValues { "unstable: " + $0.map(\.kind.name).joined(separator: ", ") }
  }

  /// A pending change's snapshot as ``summaries()`` names it: its reference file, or its
  /// inline call's place.
  static func place(of record: PendingRecord) -> String {
    switch record {
    case .file(let file): place(file.referencePath, "", 0)
    case .inline: place("inline", record.sourceLocation.file, record.sourceLocation.line)
    }
  }

  private static func place(_ reference: String, _ sourceFile: String, _ line: Int) -> String {
    reference == "inline" ? "inline \(sourceFile):\(line)" : reference
  }

  /// The report: each snapshot that varied, a line per kind with where and the fix, then the
  /// count.
  func lines(relative: (String) -> String) -> [String] {
    var lines: [String] = []
    let byPlace = Dictionary(grouping: findings) {
      "\($0.reference) \($0.sourceFile):\($0.line)"
    }
    // By name: tests run in parallel, so the order they log in changes from run to run.
    for (_, findings) in byPlace.sorted(by: { $0.key < $1.key }) {
      guard let first = findings.first else { continue }
      let place = "\(relative(first.sourceFile)):\(first.line)"
      lines.append(
        first.reference == "inline"
          ? "inline snapshot at \(place) varies:"
          : "\(relative(first.reference)) (\(place)) varies:")
      for finding in findings {
        var what = "  \(finding.kind.name)"
        if let line = finding.valueLine { what += ", line \(line)" }
        if finding.onlyInOtherEnvironment { what += ", only under another environment" }
        let seen = finding.values.prefix(2).map {
          ControlCharacters.escaped($0.count > 120 ? $0.prefix(119) + "…" : $0)
        }
        if finding.isMerged {
          what +=
            ": \(seen[0]) stands for readings of the clock that fell in one second (\(seen[1]))"
        } else if seen.count == 2, finding.kind != .memberOrder {
          what += ": \"\(seen[0])\" in one run, \"\(seen[1])\" in another"
        } else if seen.count == 1 {
          what += ": \"\(seen[0])\""
        }
        lines.append(what)
        lines.append("    fix: \(finding.fix)")
        if let alternative = finding.alternative { lines.append("    or: \(alternative)") }
      }
    }
    let varied = byPlace.count
    lines.append(
      "Compared \(counted(compared, "snapshot")) in \(runs) runs (\(runs - 1) alike, 1 under another time zone, locale, temporary folder and working directory): "
        + (varied == 0
          ? "none varies." : "\(counted(varied, "snapshot")) \(varied == 1 ? "varies" : "vary")."))
    lines += notes
    if testsFailed {
      lines.append(
        varied == 0
          ? "Some tests failed: fix them, then check again."
          : "Some tests failed (a snapshot that varies fails its test): fix what is listed, then check again."
      )
    }
    return lines
  }
}
