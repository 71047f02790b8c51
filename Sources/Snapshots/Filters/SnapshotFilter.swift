import Foundation

/// A replacement applied to a text snapshot before it is compared or recorded, so that what
/// changes between runs and machines (an id, a date, a temporary path) does not fail the test.
///
/// The reference holds the filtered text. Filters apply in order: the strategy's own
/// (``Snapshotting/filtered(_:)``), then the suite's (the `.snapshots(filters:)` trait), then
/// each `withSnapshotTesting(filters:)` scope from the outermost in.
///
/// ```swift
/// assertSnapshot(of: log, as: .lines.filtered([.uuids, .iso8601Dates]))
/// assertSnapshot(of: request, as: .raw.filtered([.regex(#"token=\w+"#, replacement: "token=<token>")]))
/// ```
public struct SnapshotFilter: Sendable, Equatable {
  /// How failure messages name it: `UUIDs`, or the pattern of a ``regex(_:replacement:)``.
  public var name: String
  let pattern: Pattern
  let replacement: String

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

  /// UUIDs, in either case: `<UUID>`.
  public static let uuids = SnapshotFilter(
    name: "UUIDs",
    pattern: .regex(
      "\\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\b"),
    replacement: "<UUID>")

  /// ISO 8601 dates with a time (`2026-11-23T09:41:00Z`, `2026-11-23T09:41:00.123+01:00`):
  /// `<date>`.
  public static let iso8601Dates = SnapshotFilter(
    name: "ISO 8601 dates",
    pattern: .regex(
      "\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?"),
    replacement: "<date>")

  /// HTTP dates (`Mon, 23 Nov 2026 09:41:00 GMT`, as in `Date:` headers): `<date>`.
  public static let httpDates = SnapshotFilter(
    name: "HTTP dates",
    pattern: .regex(
      "\\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"
    ),
    replacement: "<date>")

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

  /// A pattern that is not a regular expression.
  struct InvalidPattern: Error, CustomStringConvertible {
    var filter: SnapshotFilter
    var reason: String
    var description: String {
      "The snapshot filter \(filter.name) is not a regular expression: \(reason)"
    }
  }

  /// `text` with `filters` applied in order; `packageRoot` is the test's package, if known.
  static func apply(_ filters: [SnapshotFilter], to text: String, packageRoot: String?)
    throws(InvalidPattern) -> String
  {
    var text = text
    for filter in filters {
      let pattern: String
      switch filter.pattern {
      case .regex(let regex): pattern = regex
      case .packageDirectory:
        guard let packageRoot else { continue }
        pattern = wholePath(packageRoot)
      }
      let expression: NSRegularExpression
      do {
        expression = try Compiled.expression(pattern)
      } catch {
        throw InvalidPattern(filter: filter, reason: "\(error)")
      }
      text = expression.stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: filter.replacement)
    }
    return text
  }

  /// Each pattern compiled once per process.
  private enum Compiled {
    static let cache = Locked<[String: UncheckedBox<NSRegularExpression>]>([:])

    static func expression(_ pattern: String) throws -> NSRegularExpression {
      if let found = cache.withLock({ $0[pattern] }) { return found.value }
      let compiled = try NSRegularExpression(pattern: pattern)
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
