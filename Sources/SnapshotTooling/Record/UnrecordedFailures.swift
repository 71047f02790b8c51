@_spi(Tooling) import Snapshots

/// The failures of a test run that no pending record covers, by kind: what `snapshot-record`
/// could not fix, and why it must not exit 0.
///
/// Each snapshot failure the assertions logged claims one reported failure at its file and
/// line, the one with its first line where there is one. A claimed failure is covered when its
/// assertion left a record there. The rest are failures of other assertions, even at the same
/// line (a helper that forwards `file:` and `line:` to a plain assertion beside its snapshot,
/// two assertions on one line), and snapshot failures that left nothing to record (a reference
/// that could not be read, a strategy that threw, a record that could not be written).
struct UnrecordedFailures {
  /// How a failure is counted: by the kind its assertion logged (``FailureLog``), or as
  /// another assertion's when it logged none.
  enum Kind: Equatable, CaseIterable {
    case otherAssertion
    case snapshot(SnapshotFailureKind)

    static let allCases = [otherAssertion] + SnapshotFailureKind.allCases.map(snapshot)

    var label: String {
      switch self {
      case .otherAssertion: return "other assertions"
      case .snapshot(let kind):
        switch kind {
        case .mismatch: return "snapshots that left a record"
        case .recorded: return "snapshots the test process recorded"
        case .invalidSettings: return "assertions with unusable settings"
        case .nameConflict: return "assertions sharing one reference"
        case .captureFailed: return "snapshots that could not be taken"
        case .referenceNotRead: return "unreadable references"
        case .wouldNotReadBack: return "snapshots that would not read back"
        case .notWritten: return "files that could not be written"
        case .recordLost: return "records that could not be written (disk full?)"
        case .recordingOff: return "inline snapshots with record: .never"
        case .notRecordable: return "inline snapshots of a spelling it does not rewrite"
        }
      }
    }
  }

  var failures: [(issue: TestIssue, kind: Kind)] = []
  /// A pass failed without saying where (no failure could be read from it).
  var unexplained: [String] = []

  init(passes: [TestRunner.Pass], run: PendingRun) {
    // A record of a reference in conflict is covered by the apply's refusal, which says why.
    let recorded = Set(
      (run.entries + run.conflicted).map {
        Place(file: $0.record.sourceLocation.file, line: $0.record.sourceLocation.line)
      })
    for pass in passes where !pass.crashed {
      let kinds = Self.claim(pass.issues, by: pass.snapshotFailures)
      for (issue, kind) in zip(pass.issues, kinds) {
        if kind == .mismatch, recorded.contains(Place(file: issue.file, line: issue.line)) {
          continue
        }
        failures.append((issue, kind.map(Kind.snapshot) ?? .otherAssertion))
      }
      if pass.failed && pass.issues.isEmpty { unexplained.append(pass.library) }
    }
  }

  private struct Place: Hashable {
    var file: String
    var line: Int
  }

  /// The kind of the snapshot failure each issue reports, `nil` for another assertion's: each
  /// logged failure claims an unclaimed issue at its place, its own message first.
  private static func claim(_ issues: [TestIssue], by logged: [FailureLog.Entry])
    -> [SnapshotFailureKind?]
  {
    var kinds = [SnapshotFailureKind?](repeating: nil, count: issues.count)
    var unclaimed: [Place: [Int]] = [:]
    for (index, issue) in issues.enumerated() {
      unclaimed[Place(file: issue.file, line: issue.line), default: []].append(index)
    }
    for entry in logged {
      let place = Place(file: entry.file, line: entry.line)
      guard let candidates = unclaimed[place], !candidates.isEmpty else { continue }
      let position =
        candidates.firstIndex { issues[$0].message.prefix { !$0.isNewline } == entry.message ?? "" }
        ?? 0
      kinds[candidates[position]] = entry.kind
      unclaimed[place]?.remove(at: position)
    }
    return kinds
  }

  var isEmpty: Bool { failures.isEmpty && unexplained.isEmpty }

  /// `Not recorded: 3 failures (other assertions: 2, unreadable references: 1):` and one line
  /// a failure, `path:line: message`.
  func lines(relativeTo relative: (String) -> String) -> [String] {
    var lines: [String] = []
    if !failures.isEmpty {
      let counts = Kind.allCases.compactMap { kind -> String? in
        let count = failures.filter { $0.kind == kind }.count
        return count == 0 ? nil : "\(kind.label): \(count)"
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
