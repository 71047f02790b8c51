import Foundation
@_spi(Tooling) import Snapshots

/// What a span that varied between `--stability`'s runs is, told from the values it took, and
/// the fix for each kind, as code that names the toolkit's API.
enum VaryingKind: String, Codable, CaseIterable, Sendable {
  case uuid, date, numberedPlaceholder, port, temporaryPath, absolutePath, processID, duration
  case hostName, userName, memberOrder, floatDigits, timeZoneOrLocale, someRunsOnly
  case failedInSomeRuns, unknown

  /// How the report names it.
  var name: String {
    switch self {
    case .uuid: "a UUID"
    case .date: "a timestamp"
    case .numberedPlaceholder: "numbered placeholders that split or merged"
    case .port: "a port"
    case .temporaryPath: "a temporary path"
    case .absolutePath: "an absolute path"
    case .processID: "a process id"
    case .duration: "a duration"
    case .hostName: "the host's name, which another machine does not have"
    case .userName: "the user's name, which another machine does not have"
    case .memberOrder: "the order of a dictionary's or a set's members"
    case .floatDigits: "a float's last digits"
    case .timeZoneOrLocale: "a date or number written in the time zone or locale"
    case .someRunsOnly: "an assertion that only some runs made"
    case .failedInSomeRuns: "an assertion that failed in some runs before it made a value"
    case .unknown: "a value of unknown kind"
    }
  }

  /// The facts of the runs that recognise a value: the test processes' numbers and the
  /// temporary folders each run was given.
  struct Runs: Sendable {
    var processes: Set<Int32>
    var temporaryFolders: [String]
    /// The machine's name and the user's (`ProcessInfo`), which no run changes but another
    /// machine does: found in any value, whether it varied or not.
    var hostName: String
    var userName: String
    /// When the runs ran, give or take a few seconds: a date in it is a clock's reading.
    var window: ClosedRange<Date>? = nil

    /// The dates with a zone in `text` that name a moment while the runs ran: readings of the
    /// clock, which a later run reads otherwise, whether or not these runs did.
    func clockReadings(in text: String) -> [String] {
      guard let window else { return [] }
      return text.matches(of: Patterns.zonedDate).map { String($0.output) }.filter { reading in
        VaryingKind.moment(of: reading).map(window.contains) ?? false
      }
    }

    /// What a record that every run wrote alike must hold to be read all the same, for
    /// ``clockReadings(in:)``, the names of ``machineNames`` and placeholders that may
    /// stand for readings which fell in one second: the years of the window, each name, and
    /// `<date-`.
    var needles: [[UInt8]] {
      let years =
        window.map { window in
          Set(
            [window.lowerBound, window.upperBound].map {
              Calendar(identifier: .gregorian).component(.year, from: $0)
            })
        } ?? []
      return (years.flatMap { ["\($0)-", " \($0) "] } + machineNames.map(\.name) + ["<date-"])
        .map { Array($0.utf8) }
    }

    /// The host's and the user's names, with their kinds; not ones a value could hold by
    /// chance (`localhost`, `root`, a name of two letters).
    var machineNames: [(name: String, kind: VaryingKind)] {
      [(hostName, .hostName), (userName, .userName)].filter { name, _ in
        name.count > 2 && name != "localhost" && name != "root"
      }
    }
  }

  /// The kind of a span that was `values` in the runs, on lines that read `lines` (the same
  /// line in each run), with the text `before` it on the line; `elsewhere` when only the run
  /// under another environment changed it.
  static func of(
    _ values: [String], lines: [String], before: String, runs: Runs, elsewhere: Bool
  ) -> VaryingKind {
    if overlaps(Patterns.placeholder, values: values, lines: lines) { return .numberedPlaceholder }
    if overlaps(Patterns.uuid, values: values, lines: lines) { return .uuid }
    let isDate = overlaps(Patterns.date, values: values, lines: lines) || values.allSatisfy(isEpoch)
    // A reading of the clock that only the last run's second changed is still a timestamp.
    if isDate {
      let isClock = lines.contains { !runs.clockReadings(in: $0).isEmpty }
      return elsewhere && !isClock ? .timeZoneOrLocale : .date
    }
    if values.contains(where: { value in
      runs.temporaryFolders.contains { !$0.isEmpty && value.contains($0) }
        || value.hasPrefix("/tmp/") || value.hasPrefix("/var/folders/")
    }) {
      return .temporaryPath
    }
    if values.contains(where: { $0.hasPrefix("/") && $0.dropFirst().contains("/") }) {
      return .absolutePath
    }
    if let name = runs.machineNames.first(where: { values.contains($0.name) }) { return name.kind }
    let numbers = values.map { Double($0.prefix { $0.isNumber || $0 == "." || $0 == "-" }) }
    if numbers.allSatisfy({ $0 != nil }) {
      let integers = values.compactMap { Int32($0) }
      if integers.count == values.count, integers.allSatisfy(runs.processes.contains) {
        return .processID
      }
      if before.hasSuffix(":") || before.lowercased().hasSuffix("port "),
        integers.count == values.count, integers.allSatisfy({ (1...65535).contains($0) })
      {
        return .port
      }
      if values.allSatisfy({ $0.contains(".") }), isLastDigits(numbers.compactMap { $0 }) {
        return .floatDigits
      }
      if hasTimeUnit(after: lines, values: values) { return .duration }
      if elsewhere { return .timeZoneOrLocale }
    }
    if values.allSatisfy({ $0.contains(Patterns.localisedNumber) }), elsewhere {
      return .timeZoneOrLocale
    }
    return .unknown
  }

  /// The fix, as code to paste (a filter goes after the assertion's strategy, in place of
  /// `<strategy>`), and another way when there is one.
  func fix(values: [String], before: String, line: String) -> (String, String?) {
    if let fix = constantFix { return fix }
    let prefix = Self.literalPrefix(before)
    let pattern =
      "[..] in the reference where it varies: "
      + line.replacingOccurrences(of: values.first ?? "", with: "[..]")
    switch self {
    case .date:
      if (values + [line]).contains(where: { $0.contains(Patterns.httpDate) }) {
        return ("as: <strategy>.filtered([.httpDates])", nil)
      }
      if values.allSatisfy(Self.isEpoch) {
        return (
          ##"as: <strategy>.filtered([.regex(#"\b1\d{9}(\d{3})?\b"#, placeholder: "time")])"##, nil
        )
      }
      return ("as: <strategy>.filtered([.iso8601Dates])", nil)
    case .numberedPlaceholder:
      let kind =
        (values + [line]).lazy.compactMap { $0.firstMatch(of: Patterns.placeholder)?.output.1 }
        .first.map(String.init) ?? "date"
      let filter =
        switch kind {
        case "UUID": ".uuids.flat"
        case "date": ".iso8601Dates.flat"
        default: ".regex(…, placeholder: \"\(kind)\").flat"
        }
      return (
        "\(filter) in place of the numbering filter: one <\(kind)> for every value",
        "make them one value (read the clock once), so that they are <\(kind)-1> every time"
      )
    case .port:
      return (
        ##"as: <strategy>.filtered([.regex(#"\##(prefix)\d{2,5}\b"#, replacement: "\##(prefix)<port>")])"##,
        nil
      )
    case .processID:
      return (
        ##"as: <strategy>.filtered([.regex(#"\##(prefix)\d+"#, replacement: "\##(prefix)<pid>")])"##,
        nil
      )
    case .duration:
      return (
        ##"as: <strategy>.filtered([.regex(#"\##(prefix)\d+(\.\d+)?"#, replacement: "\##(prefix)<duration>")])"##,
        pattern
      )
    default:
      return (pattern, ##"as: <strategy>.filtered([.regex(#"…"#, placeholder: "value")])"##)
    }
  }

  /// The fix of a kind whose fix does not depend on the values it took: code as it is.
  private var constantFix: (String, String?)? {
    switch self {
    case .uuid:
      ("as: <strategy>.filtered([.uuids])", ".uuids.flat: one <UUID> for every value")
    case .temporaryPath:
      (
        "as: <strategy>.filtered([.temporaryDirectory])",
        ##"a name of its own under it as well: .regex(#"<tmp>/[^\s"',]+"#, replacement: "<tmp>/<file>") after .temporaryDirectory"##
      )
    case .absolutePath:
      (
        ##"as: <strategy>.filtered([.packageDirectory, .regex(NSRegularExpression.escapedPattern(for: FileManager.default.currentDirectoryPath), replacement: "<cwd>")])"##,
        "a path relative to the package"
      )
    case .hostName:
      (
        ##"as: <strategy>.filtered([.regex(NSRegularExpression.escapedPattern(for: ProcessInfo.processInfo.hostName), replacement: "<host>")])"##,
        nil
      )
    case .userName:
      (
        ##"as: <strategy>.filtered([.regex(#"\b"# + NSRegularExpression.escapedPattern(for: ProcessInfo.processInfo.userName) + #"\b"#, replacement: "<user>")])"##,
        nil
      )
    case .memberOrder:
      (
        "assertSnapshot(of: collection, as: .dump): the dictionary or the set itself, not its description; .dump sorts their members",
        "sort them where the value is made: set.sorted(), dictionary.sorted { $0.key < $1.key }"
      )
    case .floatDigits:
      (
        ##"String(format: "%.6f", value), where the value is made"##,
        "add them in a fixed order: values.sorted().reduce(0, +)"
      )
    case .timeZoneOrLocale:
      (
        ##"formatter.timeZone = TimeZone(identifier: "UTC"); formatter.locale = Locale(identifier: "en_US_POSIX"), where the value is made"##,
        nil
      )
    case .someRunsOnly:
      (
        "make it in every run: what decides whether it runs (a condition, a loop's count, the order of a dictionary it walks) must not depend on the run",
        nil
      )
    case .failedInSomeRuns:
      (
        "read its failure (the value above, and that run's output): what it needs (a browser, a port, a file, a path's length) must be there in every run and environment",
        nil
      )
    case .date, .numberedPlaceholder, .port, .processID, .duration, .unknown: nil
    }
  }

  /// The literal text a value's filter starts at: the last word before it on its line and
  /// what separates them (`pid `, `port=`, `:`), escaped for a regular expression.
  static func literalPrefix(_ before: String) -> String {
    let separators = before.reversed().prefix { !$0.isLetter && !$0.isNumber && $0 != "\n" }
    let word = before.dropLast(separators.count).reversed().prefix { $0.isLetter }
    return NSRegularExpression.escapedPattern(
      for: String(word.reversed()) + String(separators.reversed()))
  }

  /// A UUID's or a date's pattern matches some line across the span's place in it.
  private static func overlaps<Output>(_ pattern: Regex<Output>, values: [String], lines: [String])
    -> Bool
  {
    if values.contains(where: { $0.contains(pattern) }) { return true }
    return zip(values, lines).contains { value, line in
      guard !value.isEmpty, let at = line.range(of: value) else { return false }
      return line.matches(of: pattern).contains { $0.range.overlaps(at) }
    }
  }

  /// The whole values a span that varied is part of, when its kind has a shape (a UUID, a
  /// date): `2026-12-07T20:05:06Z` rather than the `06Z` that differed.
  func wholeValues(_ values: [String], lines: [String]) -> [String] {
    let whole: [String?]
    switch self {
    case .uuid: whole = zip(values, lines).map { Self.match(Patterns.uuid, at: $0, in: $1) }
    case .date, .timeZoneOrLocale:
      whole = zip(values, lines).map { Self.match(Patterns.date, at: $0, in: $1) }
    default: return values
    }
    return whole.allSatisfy { $0 != nil } ? whole.compactMap { $0 } : values
  }

  private static func match(_ pattern: Regex<Substring>, at value: String, in line: String)
    -> String?
  {
    guard !value.isEmpty, let at = line.range(of: value) else { return nil }
    return line.matches(of: pattern).first { $0.range.overlaps(at) }.map { String($0.output) }
  }

  /// The moment a date with a zone names (ISO 8601, with or without a fraction of a second,
  /// or an HTTP date).
  static func moment(of reading: String) -> Date? {
    let iso = ISO8601DateFormatter()
    let text = reading.replacingOccurrences(of: " ", with: "T")
    if let date = iso.date(from: text) { return date }
    iso.formatOptions.insert(.withFractionalSeconds)
    if let date = iso.date(from: text) { return date }
    let http = DateFormatter()
    http.locale = Locale(identifier: "en_US_POSIX")
    http.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return http.date(from: reading)
  }

  /// Seconds or milliseconds since 1970 between 2001 and 2049.
  static func isEpoch(_ value: String) -> Bool {
    guard value.allSatisfy(\.isNumber), let number = Double(value) else { return false }
    let seconds = value.count == 13 ? number / 1000 : number
    return (value.count == 10 || value.count == 13) && (1e9...2.5e9).contains(seconds)
  }

  /// Numbers that differ only past their first 9 significant digits.
  private static func isLastDigits(_ numbers: [Double]) -> Bool {
    guard let first = numbers.first else { return false }
    return numbers.allSatisfy { abs($0 - first) <= 1e-9 * max(abs($0), abs(first)) }
  }

  /// A unit of time right after the value's number: `12 ms`, `0.3s`, `4 seconds`.
  private static func hasTimeUnit(after lines: [String], values: [String]) -> Bool {
    zip(values, lines).contains { value, line in
      let unit = value.drop { $0.isNumber || $0 == "." || $0 == "-" }
      if !unit.isEmpty { return unit.wholeMatch(of: Patterns.timeUnit) != nil }
      guard let at = line.range(of: value) else { return false }
      return line[at.upperBound...].prefixMatch(of: Patterns.timeUnit) != nil
    }
  }

  /// Made at each use: a `Regex` compiles itself on its first match, which is not safe
  /// from two threads at once.
  fileprivate enum Patterns {
    static var placeholder: Regex<(Substring, Substring)> { /<([A-Za-z]+)-\d+>/ }
    static var uuid: Regex<Substring> {
      /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/
    }
    static var date: Regex<Substring> {
      #/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2}|\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{1,2}\.\d{1,2}\.\d{4}\b/#
    }
    static var httpDate: Regex<Substring> { #/(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} /# }
    static var zonedDate: Regex<Substring> {
      #/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/#
    }
    static var timeUnit: Regex<Substring> {
      #/ ?(?:ns|µs|us|ms|s|sec|secs|seconds|milliseconds)\b/#
    }
    static var localisedNumber: Regex<Substring> { /\d[.,]\d/ }
  }

}
