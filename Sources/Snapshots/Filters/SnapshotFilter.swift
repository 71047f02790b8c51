import Foundation

/// A replacement applied to a text snapshot before it is compared or recorded, so that what
/// changes between runs and machines (an id, a date, a temporary path) does not fail the test.
///
/// The reference holds the filtered text. Filters apply in order: the strategy's own
/// (``Snapshotting/filtered(_:)``), then the suite's (the `.snapshots(filters:)` trait), then
/// each `withSnapshotTesting(filters:)` scope from the outermost in.
///
/// A filter with a ``placeholder`` numbers what it replaces: the first distinct value of a
/// snapshot is `<UUID-1>`, the next `<UUID-2>`, the same value again the same number, so a
/// response that echoes the wrong id fails. ``flat`` gives every value one placeholder.
///
/// ```swift
/// assertSnapshot(of: log, as: .lines.filtered([.uuids, .iso8601Dates]))
/// assertSnapshot(of: request, as: .raw.filtered([.regex(#"token=\w+"#, replacement: "token=<token>")]))
/// ```
public struct SnapshotFilter: Sendable, Equatable {
  /// How failure messages name it: `UUIDs`, or the pattern of a ``regex(_:replacement:)``.
  public var name: String
  let pattern: Pattern
  /// What a match becomes when the filter does not number it.
  let replacement: String
  /// The kind of value it replaces (`UUID`, `date`), when it numbers them: `<UUID-1>`.
  ///
  /// A reference may name the kind too, to match any value of it.
  public private(set) var placeholder: String?
  var numbers = true

  enum Pattern: Sendable, Equatable {
    case regex(String)
    /// A path known only where the assertion runs: its package's folder.
    case packageDirectory
  }

  /// Replaces every match of a regular expression (`NSRegularExpression` syntax) with
  /// `replacement`, where `$1` is the first group.
  public static func regex(_ pattern: String, replacement: String) -> SnapshotFilter {
    SnapshotFilter(name: "/\(pattern)/", pattern: .regex(pattern), replacement: replacement)
  }

  /// Replaces every match of a regular expression with a numbered placeholder: `<token-1>`
  /// for the first distinct match, `<token-2>` for the next (``placeholder``).
  ///
  /// When the expression has a group named `value`, only that group is replaced and numbered:
  /// `.regex(#"token=(?<value>\w+)"#, placeholder: "token")` keeps `token=`.
  public static func regex(_ pattern: String, placeholder: String) -> SnapshotFilter {
    SnapshotFilter(
      name: "/\(pattern)/", pattern: .regex(pattern),
      replacement: NSRegularExpression.escapedTemplate(for: "<\(placeholder)>"),
      placeholder: placeholder)
  }

  /// This filter with one placeholder for every value (`<UUID>`), as before numbering.
  public var flat: SnapshotFilter {
    var flat = self
    flat.numbers = false
    return flat
  }

  /// UUIDs, in either case: `<UUID-1>`, `<UUID-2>`, … (``flat``: `<UUID>`).
  public static let uuids = SnapshotFilter(
    name: "UUIDs",
    pattern: .regex(
      "\\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\b"),
    replacement: "<UUID>", placeholder: "UUID")

  /// ISO 8601 dates with a time (`2026-11-23T09:41:00Z`, `2026-11-23T09:41:00.123+01:00`):
  /// `<date-1>`, `<date-2>`, … (``flat``: `<date>`).
  public static let iso8601Dates = SnapshotFilter(
    name: "ISO 8601 dates",
    pattern: .regex(
      "\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?"),
    replacement: "<date>", placeholder: "date")

  /// HTTP dates (`Mon, 23 Nov 2026 09:41:00 GMT`, as in `Date:` headers): `<date-1>`, … as
  /// ``iso8601Dates`` numbers them, one count for both (``flat``: `<date>`).
  public static let httpDates = SnapshotFilter(
    name: "HTTP dates",
    pattern: .regex(
      "\\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"
    ),
    replacement: "<date>", placeholder: "date")

  /// Request ids, whatever their form: `<request-id-1>`, … (``flat``: `<request-id>`).
  ///
  /// The value where a log line's metadata or a header field names it (`request-id=…`,
  /// Hummingbird's `hb.request.id=…`, `X-Request-ID: …`). List it before ``uuids``, which
  /// would take a UUID-shaped one first.
  public static let requestIDs = SnapshotFilter(
    name: "request ids",
    pattern: .regex("(?i)request[._-]?id(?:=|: )(?<value>[^\\s,}\"]+)"),
    replacement: "<request-id>", placeholder: "request-id")

  /// The filters whose placeholders a reference may name with no filter in effect.
  static let placeholderKinds = [uuids, iso8601Dates, httpDates]

  /// The temporary folder's path (`NSTemporaryDirectory()`, such as `/tmp`): `<tmp>`.
  public static let temporaryDirectory = path(
    NSTemporaryDirectory(), name: "the temporary folder", as: "<tmp>")

  /// The home folder's path (`NSHomeDirectory()`): `<home>`.
  ///
  /// List it after ``packageDirectory`` when the package is inside the home folder.
  public static let homeDirectory = path(NSHomeDirectory(), name: "the home folder", as: "<home>")

  /// The absolute path of the package that holds the test: `<package>`.
  public static let packageDirectory = SnapshotFilter(
    name: "the package's folder", pattern: .packageDirectory, replacement: "<package>")

  /// Pointer addresses (`0x00006000016c4000`, as class descriptions print them): `0x<address>`.
  public static let pointerAddresses = SnapshotFilter(
    name: "pointer addresses", pattern: .regex("\\b0x[0-9A-Fa-f]{6,16}\\b"),
    replacement: "0x<address>")

  /// Windows line endings (`\r\n`): `\n`.
  public static let crlfLineEndings = SnapshotFilter(
    name: "CRLF line endings", pattern: .regex("\\r\\n"), replacement: "\n")

  static func path(_ folder: String, name: String, as placeholder: String) -> SnapshotFilter {
    SnapshotFilter(
      name: name, pattern: .regex(wholePath(folder)),
      replacement: NSRegularExpression.escapedTemplate(for: placeholder))
  }

  /// A pattern for a folder's path, whole: not where it is only the start of a longer name.
  static func wholePath(_ folder: String) -> String {
    let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    return NSRegularExpression.escapedPattern(for: trimmed) + "(?![\\w.-])"
  }

  /// A filter that cannot be applied, or filters that would leave the assertion nothing to
  /// compare: a failure, never a silent pass.
  struct InvalidFilter: Error, CustomStringConvertible {
    var description: String
  }

  /// `text` with `filters` applied in order; `packageRoot` is the test's package, if known;
  /// `shared`, the numbers placeholders already have (a scope's that shares them), else the
  /// snapshot's own, made when a filter first numbers a value.
  static func apply(
    _ filters: [SnapshotFilter], to original: String, packageRoot: String?,
    numbers shared: PlaceholderNumbers? = nil
  ) throws(InvalidFilter) -> String {
    try filtered(filters, original, packageRoot: packageRoot, numbers: shared).text
  }

  /// Texts with each filter applied flat (`<UUID>`, never `<UUID-1>`).
  ///
  /// What each is when what varies does not count, as an order by text must see them (`.trace`'s
  /// siblings). One pass over them all, joined by a line of its own: a pass costs about the
  /// same for one line as for a thousand. A filter that cannot apply leaves them as they are
  /// (the assertion reports it); one that matched across the joins, each alone.
  package static func flattened(_ texts: [String], by filters: [SnapshotFilter]) -> [String] {
    let flat = filters.map(\.flat)
    let each = { (text: String) in (try? apply(flat, to: text, packageRoot: nil)) ?? text }
    guard !flat.isEmpty, texts.count > 1 else { return texts.map(each) }
    let join = "\n\u{1F}\n"
    let parts = each(texts.joined(separator: join)).components(separatedBy: join)
    return parts.count == texts.count ? parts : texts.map(each)
  }

  /// ``apply(_:to:packageRoot:numbers:)``, with where the placeholders are.
  static func filtered(
    _ filters: [SnapshotFilter], _ original: String, packageRoot: String?,
    numbers shared: PlaceholderNumbers?
  ) throws(InvalidFilter) -> Filtered {
    var filtered = Filtered(text: original)
    var own: PlaceholderNumbers?
    for filter in filters {
      let pattern: String
      switch filter.pattern {
      case .regex(let regex): pattern = regex
      case .packageDirectory:
        guard let packageRoot else { continue }
        pattern = wholePath(packageRoot)
      }
      let expression = try Compiled.expression(pattern, of: filter)
      let text = filtered.text
      let range = NSRange(text.startIndex..., in: text)
      // Nothing to number and no placeholder to move: replaced at once.
      guard filter.placeholder != nil || !filtered.placeholders.isEmpty else {
        filtered.text = expression.stringByReplacingMatches(
          in: text, range: range, withTemplate: filter.replacement)
        continue
      }
      let matches = expression.matches(in: text, range: range)
      guard !matches.isEmpty else { continue }
      var numbering: PlaceholderNumbers?
      if filter.placeholder != nil, filter.numbers {
        numbering = shared ?? own ?? PlaceholderNumbers()
        own = numbering
      }
      filtered = filtered.replacing(matches, of: expression, by: filter, numbers: numbering)
    }
    if filtered.text != original, !hasContent(filtered, besides: filters),
      hasContent(Filtered(text: original), besides: [])
    {
      throw InvalidFilter(
        description:
          "The snapshot filters \(filters.map(\.name).joined(separator: ", ")) left nothing of the snapshot but their placeholders, so it could never fail; narrow them."
      )
    }
    return filtered
  }

  /// Whether `filtered` holds a letter or a digit once the placeholders the filters wrote, and
  /// the other replacements of `filters` in angle brackets (`<tmp>`, `0x<address>`), are taken
  /// out; replacements made from the match with `$1` count as content, and so does the value's
  /// own text, even where it is spelt as a placeholder.
  private static func hasContent(_ filtered: Filtered, besides filters: [SnapshotFilter]) -> Bool {
    var bytes = Array(filtered.text.utf8)
    for range in filtered.placeholders.reversed() {
      bytes.replaceSubrange(range, with: [UInt8(ascii: " ")])
    }
    var rest = String(decoding: bytes, as: UTF8.self)
    for filter in filters
    where filter.placeholder == nil && filter.replacement.contains("<")
      && !filter.replacement.contains("$")
    {
      rest = rest.replacingOccurrences(
        of: filter.replacement.replacingOccurrences(of: "\\", with: ""), with: " ")
    }
    return rest.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
  }

  /// Each pattern compiled and checked once per process.
  enum Compiled {
    static let cache = Locked<[String: UncheckedBox<NSRegularExpression>]>([:])

    static func expression(_ pattern: String, of filter: SnapshotFilter) throws(InvalidFilter)
      -> NSRegularExpression
    {
      if let found = cache.withLock({ $0[pattern] }) { return found.value }
      guard !pattern.isEmpty else {
        throw InvalidFilter(description: "The snapshot filter \(filter.name) has an empty pattern.")
      }
      let compiled: NSRegularExpression
      do {
        compiled = try NSRegularExpression(pattern: pattern)
      } catch {
        throw InvalidFilter(
          description: "The snapshot filter \(filter.name) is not a regular expression: \(error)")
      }
      // One that matches nothing at all would put its replacement between every character.
      if compiled.firstMatch(in: "", range: NSRange(location: 0, length: 0)) != nil {
        throw InvalidFilter(
          description:
            "The snapshot filter \(filter.name) matches the empty string, so it would insert \"\(filter.replacement)\" everywhere; make it match at least one character."
        )
      }
      cache.withLock { $0[pattern] = UncheckedBox(compiled) }
      return compiled
    }
  }
}

extension Snapshotting where Format == String {
  /// This text strategy with `filters` applied to each snapshot before it is compared or
  /// recorded (``SnapshotFilter``).
  ///
  /// ```swift
  /// assertSnapshot(of: session, as: .dump.filtered([.uuids, .pointerAddresses]))
  /// ```
  public func filtered(_ filters: [SnapshotFilter]) -> Snapshotting {
    var filtered = self
    filtered.filters += filters
    return filtered
  }
}
