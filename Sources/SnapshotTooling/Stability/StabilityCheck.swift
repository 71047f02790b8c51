import Foundation
@_spi(Tooling) import Snapshots

/// `--stability`'s comparison: each assertion's value as its reference would hold it, across
/// runs in separate processes and one run under another environment; what varied, where, of
/// which kind (``VaryingKind``), and its fix.
///
/// Each assertion is compared on its own, its values line by line and a changed line token by
/// token, so the cost is linear in what the runs logged.
struct StabilityCheck {
  /// What one assertion's value did.
  struct Finding: Codable, Equatable, Sendable {
    /// The reference file's path, or `inline`.
    var reference: String
    var sourceFile: String
    var line: Int
    var kind: VaryingKind
    /// The line of the value it is on (from 1), when it is text.
    var valueLine: Int?
    /// The values it took, each once, at most three.
    var values: [String]
    /// Whether only the run under another time zone, locale, temporary folder and working
    /// directory changed it.
    var onlyInOtherEnvironment: Bool
    /// The fix, as code to paste, and another way when there is one.
    var fix: String
    var alternative: String?

    /// Whether it is a placeholder that stands for clock readings which fell in one second
    /// (``StabilityCheck/mergedReadings(_:during:)``): its values are the placeholder and the
    /// reading.
    var isMerged: Bool { kind == .numberedPlaceholder && valueLine == nil }

    init(
      _ entry: StabilityLog.Entry, _ kind: VaryingKind, valueLine: Int?, values: [String],
      elsewhere: Bool, before: String = "", lineText: String = ""
    ) {
      (reference, sourceFile, line) = (entry.reference, entry.sourceFile, entry.line)
      (self.kind, self.valueLine, self.values) = (kind, valueLine, values)
      onlyInOtherEnvironment = elsewhere
      (fix, alternative) = kind.fix(values: values, before: before, line: lineText)
    }
  }

  /// The runs' logs: the first ones alike, the last under another environment.
  var runs: [StabilityRunLog]
  var facts: VaryingKind.Runs
  /// The failures each run's tests reported, by run: an assertion a run did not make because
  /// it failed there is told by its failure.
  var failures: [[TestIssue]] = []

  /// How many assertions were compared (made in every run).
  var compared = 0

  init(runs: [StabilityRunLog], facts: VaryingKind.Runs) {
    (self.runs, self.facts) = (runs, facts)
  }

  /// The same, from entries (for checks of the comparison).
  init(runs: [[StabilityLog.Entry]], facts: VaryingKind.Runs) {
    self.init(runs: runs.map(StabilityRunLog.init), facts: facts)
  }

  /// What varied, assertion by assertion in the order the runs made them, each kind once; an
  /// assertion some runs did not make is one.
  ///
  /// A line every run wrote is a value that did not vary (or an assertion the check of this
  /// machine's names, or of clock readings, must still read); every other line is decoded,
  /// and its assertion's values compared.
  mutating func findings() -> [Finding] {
    guard let first = runs.first else { return [] }
    // In how many runs each record is (a run writes an assertion's record once).
    var runsWriting: [StabilityRunLog.Line: Int] = [:]
    runsWriting.reserveCapacity(first.lines.count * 2)
    for run in runs {
      for line in run.lines { runsWriting[line, default: 0] += 1 }
    }
    func isShared(_ line: StabilityRunLog.Line) -> Bool { runsWriting[line] == runs.count }
    // Decoded by run and key: the records that not every run wrote.
    var decoded = runs.map { _ in [String: StabilityLog.Entry]() }
    var order: [String] = []
    var shared: [StabilityRunLog.Line] = []
    for (index, run) in runs.enumerated() {
      for line in run.lines {
        if isShared(line) {
          if index == 0 { shared.append(line) }
          continue
        }
        guard let entry = line.entry() else { continue }
        if decoded.allSatisfy({ $0[entry.key] == nil }) { order.append(entry.key) }
        decoded[index][entry.key] = entry
      }
    }
    compared = shared.count
    // What a value that did not vary can still hold: this machine's names, clock readings
    // that fell in one second.
    let needles = facts.needles
    var sharedEntries = shared.filter { line in needles.contains(where: line.contains) }
      .compactMap { $0.entry() }
    var findings: [Finding] = []
    for key in order {
      let values = decoded.compactMap { $0[key] }
      guard let entry = values.first else { continue }
      // Made in some runs only: a condition, a loop or a test that depends on the run; or the
      // assertion failed in the others before it made a value (a browser that did not start).
      guard values.count == runs.count else {
        let failed = zip(decoded, failures).lazy.filter { $0.0[key] == nil }.compactMap {
          $0.1.first { $0.file == entry.sourceFile && $0.line == entry.line }
        }.first
        findings.append(
          Finding(
            entry, failed == nil ? .someRunsOnly : .failedInSomeRuns, valueLine: nil,
            values: failed.map { [String($0.message.prefix { $0 != "\n" })] } ?? [],
            elsewhere: decoded.dropLast().allSatisfy { $0[key] != nil }))
        continue
      }
      compared += 1
      findings += Self.deduplicated(
        Self.spans(values, facts: facts).map { span in
          Finding(
            entry, span.kind, valueLine: span.line, values: span.values,
            elsewhere: span.elsewhere, before: span.before, lineText: span.lineText)
        } + stillVarying(values))
    }
    sharedEntries.sort { $0.key < $1.key }
    for entry in sharedEntries {
      findings += Self.deduplicated(stillVarying(Array(repeating: entry, count: runs.count)))
    }
    return findings
  }

  /// What a value holds that varies whether or not it varied in these runs: the time the
  /// runs ran, this machine's names, clock readings that share a placeholder by chance.
  private func stillVarying(_ values: [StabilityLog.Entry]) -> [Finding] {
    guard let entry = values.first else { return [] }
    let readings = facts.clockReadings(in: entry.text ?? "").map { reading in
      Finding(entry, .date, valueLine: nil, values: [reading], elsewhere: false)
    }
    return readings + Self.machineNames(in: entry, facts: facts)
      + Self.mergedReadings(values, during: facts.window).map { placeholder, reading in
        Finding(
          entry, .numberedPlaceholder, valueLine: nil, values: [placeholder, reading],
          elsewhere: false)
      }
  }

  /// Each kind once.
  private static func deduplicated(_ findings: [Finding]) -> [Finding] {
    var kinds: Set<VaryingKind> = []
    return findings.filter { kinds.insert($0.kind).inserted }
  }

  /// A span of one assertion's value that varied, with what tells its kind.
  struct Span {
    var kind: VaryingKind
    var line: Int?
    var values: [String]
    var before: String
    var lineText: String
    var elsewhere: Bool
  }

  /// The spans where each run's value differs from the first run's.
  static func spans(_ entries: [StabilityLog.Entry], facts: VaryingKind.Runs) -> [Span] {
    guard let first = entries.first else { return [] }
    var spans: [Span] = []
    for (index, other) in entries.enumerated().dropFirst()
    where other.text != first.text || other.digest != first.digest {
      let elsewhere =
        index == entries.count - 1
        && entries.dropLast().allSatisfy { $0.text == first.text && $0.digest == first.digest }
      guard let old = first.text, let new = other.text else {
        spans.append(
          Span(
            kind: elsewhere ? .timeZoneOrLocale : .unknown, line: nil,
            values: [first.digest ?? "", other.digest ?? ""], before: "", lineText: "",
            elsewhere: elsewhere))
        continue
      }
      var runs = facts
      runs.processes = [first.process, other.process]
      spans += differences(old, new, runs: runs, elsewhere: elsewhere)
    }
    return spans
  }

  /// The spans of two texts that differ: lines in another order are the order of members, a
  /// changed line's tokens that differ each a span, a run of lines with no counterpart one.
  static func differences(_ old: String, _ new: String, runs: VaryingKind.Runs, elsewhere: Bool)
    -> [Span]
  {
    let hunks = TextHunks(old: old, new: new).hunks
    if old.split(separator: "\n").sorted() == new.split(separator: "\n").sorted() {
      return [
        Span(
          kind: .memberOrder, line: hunks.first.map { $0.old.lowerBound + 1 },
          values: [], before: "", lineText: "", elsewhere: elsewhere)
      ]
    }
    var spans: [Span] = []
    for hunk in hunks {
      guard hunk.removed.count == hunk.added.count else {
        let values = [hunk.removed.joined(separator: "\n"), hunk.added.joined(separator: "\n")]
        spans.append(
          Span(
            kind: VaryingKind.of(
              values, lines: values, before: "", runs: runs, elsewhere: elsewhere),
            line: hunk.old.lowerBound + 1, values: values, before: "",
            lineText: hunk.removed.first ?? "", elsewhere: elsewhere))
        continue
      }
      for (offset, (removed, added)) in zip(hunk.removed, hunk.added).enumerated()
      where removed != added {
        let line = hunk.old.lowerBound + offset + 1
        let (oldTokens, newTokens) = (tokens(removed), tokens(added))
        if oldTokens.sorted() == newTokens.sorted() {
          spans.append(
            Span(
              kind: .memberOrder, line: line, values: [removed, added], before: "",
              lineText: removed, elsewhere: elsewhere))
          continue
        }
        for (before, values) in changedTokens(oldTokens, newTokens) {
          let kind = VaryingKind.of(
            values, lines: [removed, added], before: before, runs: runs, elsewhere: elsewhere)
          spans.append(
            Span(
              kind: kind, line: line, values: kind.wholeValues(values, lines: [removed, added]),
              before: before, lineText: removed, elsewhere: elsewhere))
        }
      }
    }
    return spans
  }

  /// A line's tokens: runs of letters, digits and the characters values are made of (`.`,
  /// `-`, `/`, `+`, `_`), and each other character alone (a port after its `:`, a time's
  /// parts).
  static func tokens(_ line: String) -> [Substring] {
    var tokens: [Substring] = []
    var start = line.startIndex
    var index = line.startIndex
    func isPart(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || "._-/+~@%".contains(character)
    }
    while index < line.endIndex {
      if isPart(line[index]) {
        index = line.index(after: index)
        continue
      }
      if start < index { tokens.append(line[start..<index]) }
      let next = line.index(after: index)
      tokens.append(line[index..<next])
      (start, index) = (next, next)
    }
    if start < index { tokens.append(line[start..<index]) }
    return tokens
  }

  /// The runs of tokens that differ between two lines, each with the old line's text before
  /// it.
  static func changedTokens(_ old: [Substring], _ new: [Substring]) -> [(String, [String])] {
    LineDiff(old: old, new: new).changes.map { removed, added in
      (old[..<removed.lowerBound].joined(), [old[removed].joined(), new[added].joined()])
    }
  }

  /// The host's and the user's names in a value: the same in every run here, another on the
  /// next machine.
  static func machineNames(in entry: StabilityLog.Entry, facts: VaryingKind.Runs) -> [Finding] {
    let names = facts.machineNames
    guard let text = entry.text, !names.isEmpty else { return [] }
    var found: [Finding] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let tokens = Set(tokens(String(line)))
      for (name, kind) in names where tokens.contains(Substring(name)) {
        found.append(
          Finding(
            entry, kind, valueLine: index + 1, values: [name], elsewhere: false,
            lineText: String(line)))
      }
    }
    return found
  }

  /// Numbered date placeholders that stand for clock readings which fell in one second.
  ///
  /// Two or more readings at second precision, equal in one run's text before the filters, and made by
  /// the clock (another run has other readings, or the reading is the time the runs ran), not
  /// a stored value echoed. A second boundary between them splits the placeholder, so they are
  /// found without waiting for one.
  static func mergedReadings(_ entries: [StabilityLog.Entry], during window: ClosedRange<Date>?)
    -> [(String, String)]
  {
    guard let text = entries.first?.text, let raw = entries.first?.unfiltered else { return [] }
    let placeholders = text.matches(of: /<date-\d+>/).map { String($0.output) }
    let repeated = Set(
      placeholders.filter { placeholder in placeholders.count { $0 == placeholder } > 1 })
    guard let placeholder = repeated.sorted().first else { return [] }
    let readings = raw.matches(of: secondPrecisionDate).map { String($0.output) }
    return Set(readings).sorted().compactMap { reading in
      let isClock =
        entries.contains { !($0.unfiltered ?? "").contains(reading) }
        || window.map { window in VaryingKind.moment(of: reading).map(window.contains) ?? false }
          ?? false
      guard readings.count(where: { $0 == reading }) > 1, isClock else { return nil }
      return (placeholder, reading)
    }
  }

  /// An ISO 8601 date and time to the second with no fraction of it, or an HTTP date; made at
  /// each use, as ``VaryingKind``'s patterns are.
  private static var secondPrecisionDate: Regex<Substring> {
    #/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?![.,]\d)(?:Z|[+-]\d{2}:?\d{2})?|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/#
  }
}
