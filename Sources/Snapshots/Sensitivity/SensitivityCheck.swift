import Foundation

/// A change a strategy makes to a captured value, to check that its comparison catches it:
/// what `snapshot-record --sensitivity` tries on every assertion that passes.
public struct SnapshotChange<Format> {
  /// What changed, as a report names it: `line 3 (end)`, `line 3 (case)`.
  public var name: String
  public var value: Format
  /// Why the comparison may let it pass, said when it does (`a 5% colour change passes at
  /// precision 0.9`); `nil` leaves it to the check.
  public var ifUncaught: String?

  public init(_ name: String, _ value: Format, ifUncaught: String? = nil) {
    self.name = name
    self.value = value
    self.ifUncaught = ifUncaught
  }
}

extension SnapshotChange where Format == String {
  /// A text's lines changed one at a time, for at most `limit` lines.
  ///
  /// A character added at the end (what a filter or a pattern that runs to the end of the line
  /// takes) and in the middle (what `[..]` takes), and the letters in the other case. What a
  /// text strategy tries unless it defines its own changes; a strategy can add its own to
  /// these.
  public static func lines(of text: String, limit: Int = 500) -> [SnapshotChange] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var changes: [SnapshotChange] = []
    for index in lines.indices.prefix(limit)
    where !(index == lines.count - 1 && lines[index].isEmpty && index > 0) {
      let line = lines[index]
      func change(_ what: String, _ changed: String, ifUncaught: String? = nil) {
        let text = (lines[..<index] + [Substring(changed)] + lines[(index + 1)...])
          .joined(separator: "\n")
        changes.append(SnapshotChange("line \(index + 1) (\(what))", text, ifUncaught: ifUncaught))
      }
      change("end", line + "⁂")
      if line.count > 1 {
        let middle = line.index(line.startIndex, offsetBy: line.count / 2)
        change("middle", String(line[..<middle]) + "⁂" + line[middle...])
      }
      let swapped = line.map { $0.isUppercase ? $0.lowercased() : $0.uppercased() }.joined()
      if swapped != String(line) {
        change("case", swapped, ifUncaught: "the comparison ignores a change of case")
      }
    }
    return changes
  }
}

/// Can this snapshot fail? Under `snapshot-record --sensitivity` (which names a file in
/// `SNAPSHOTS_SENSITIVITY`), each assertion that passes changes its captured value in the ways
/// its strategy defines (``Snapshotting/changes``; a text, each line), judges each changed
/// value as it judged the value, and writes a line of JSON to that file: the reference, how
/// many changes were tried, and the ones that passed, with why.
package enum SensitivityCheck {
  public static let variable = "SNAPSHOTS_SENSITIVITY"

  /// The file the report goes to; `nil` outside `--sensitivity`.
  static let log: String? = SnapshotSettings.processEnvironment[variable].flatMap {
    $0.isEmpty ? nil : $0
  }

  /// One assertion's report.
  public struct Entry: Codable, Equatable, Sendable {
    /// The reference file's path, or `inline`.
    public var reference: String
    public var sourceFile: String
    public var line: Int
    public var tried: Int
    public var passed: [Passed]
    /// Whether its strategy defines no change to try (a custom format without
    /// ``Snapshotting/changes``): not checked, rather than unable to fail.
    public var unchecked = false

    /// Whether no change it tried failed: the reference cannot fail at all.
    public var cannotFail: Bool { !unchecked && passed.count == tried }
  }

  /// A change the comparison did not catch.
  public struct Passed: Codable, Equatable, Sendable {
    public var change: String
    public var reason: String
  }

  /// Why a text change passed: a filter made it the value again, or a pattern of the reference
  /// matches it, or what the strategy says, or the comparison.
  static func reason(
    _ change: SnapshotChange<String>, original: String, filters: [SnapshotFilter],
    packageRoot: String?, reference: String?
  ) -> String {
    // A change the strategy itself undoes (a redaction) says why.
    if change.value == original, let why = change.ifUncaught { return why }
    var (before, after) = (original, change.value)
    for filter in filters {
      guard
        let filteredBefore = try? SnapshotFilter.apply(
          [filter], to: before, packageRoot: packageRoot),
        let filteredAfter = try? SnapshotFilter.apply([filter], to: after, packageRoot: packageRoot)
      else { continue }
      (before, after) = (filteredBefore, filteredAfter)
      if before == after { return "the filter \(filter.name) replaces it" }
    }
    if let reference, ReferencePatterns(filters: filters).mayHold(reference) {
      return "a pattern of the reference matches it"
    }
    return change.ifUncaught ?? "the comparison does not tell it from the reference"
  }

  /// Appends an assertion's report to `log`: one `write` with `O_APPEND`, as the failure log
  /// is written, so the reports of tests running in parallel never interleave.
  static func append(_ entry: Entry, to log: String) throws(AtomicFile.WriteError) {
    try AtomicFile.append(json: entry, to: log)
  }

  /// The reports a run left, in order.
  public static func entries(in file: URL) -> [Entry] {
    AtomicFile.jsonLines(file, as: Entry.self)
  }
}
