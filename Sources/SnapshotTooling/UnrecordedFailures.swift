@_spi(Tooling) import Snapshots

/// The failures of a test run that no pending record covers, by kind: what `snapshot-record`
/// could not fix, and why it must not exit 0.
///
/// A failure is covered when a record was left at its file and line. The rest are failures of
/// other assertions, or snapshot failures that left nothing to record (a reference that could
/// not be read, a strategy that threw, a record that could not be written).
struct UnrecordedFailures {
  enum Kind: String, CaseIterable {
    case otherAssertion = "other assertions"
    case unreadableReference = "unreadable references"
    case snapshotError = "snapshots that could not be taken"
    case nameConflict = "assertions sharing one reference"
    case unrecordable = "snapshots that would not read back"
    case recordLost = "records that could not be written (disk full?)"

    /// The snapshot failures are told by the first words of the messages the library writes.
    init(message: String) {
      let prefixes: [(String, Kind)] = [
        ("Could not read the reference", .unreadableReference),
        ("Could not snapshot the value", .snapshotError),
        ("Could not evaluate the value", .snapshotError),
        ("Could not encode the snapshot", .snapshotError),
        ("The snapshot took longer than", .snapshotError),
        ("Two different assertions resolve", .nameConflict),
        ("The snapshot cannot be recorded", .unrecordable),
      ]
      if let match = prefixes.first(where: { message.hasPrefix($0.0) }) {
        self = match.1
      } else if message.contains("could not be kept for snapshot-record") {
        self = .recordLost
      } else {
        self = .otherAssertion
      }
    }
  }

  var failures: [(issue: TestIssue, kind: Kind)] = []
  /// A pass failed without saying where (no failure could be read from it).
  var unexplained: [String] = []

  init(passes: [TestRunner.Pass], run: PendingRun) {
    let covered = Set(
      run.entries.map { "\($0.record.sourceLocation.file):\($0.record.sourceLocation.line)" })
    for pass in passes where !pass.crashed {
      for issue in pass.issues where !covered.contains("\(issue.file):\(issue.line)") {
        failures.append((issue, Kind(message: issue.message)))
      }
      if pass.status != 0 && pass.issues.isEmpty { unexplained.append(pass.library) }
    }
  }

  var isEmpty: Bool { failures.isEmpty && unexplained.isEmpty }

  /// `Not recorded: 3 failures (other assertions: 2, unreadable references: 1):` and one line
  /// a failure, `path:line: message`.
  func lines(relativeTo relative: (String) -> String) -> [String] {
    var lines: [String] = []
    if !failures.isEmpty {
      let counts = Kind.allCases.compactMap { kind -> String? in
        let count = failures.filter { $0.kind == kind }.count
        return count == 0 ? nil : "\(kind.rawValue): \(count)"
      }
      lines.append(
        "Not recorded: \(counted(failures.count, "failure")) (\(counts.joined(separator: ", "))):")
      for (issue, _) in failures {
        let first = issue.message.prefix { !$0.isNewline }
        lines.append("  \(relative(issue.file)):\(issue.line): \(first)")
      }
    }
    for library in unexplained {
      lines.append("Not recorded: \(library) tests failed, and no failure could be read from them.")
    }
    return lines
  }
}
