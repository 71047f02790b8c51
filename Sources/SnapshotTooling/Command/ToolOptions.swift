import Foundation

/// Every option of the `snapshots` tool and of its plugin, declared once: the values an argument
/// list gives, typed, and the one table that says each option's name, value, help, the verbs it
/// goes with and what the plugin does with it.
///
/// The tool's grammar (``SnapshotsCommand``), the plugin's (``PluginCommand``), their help and
/// usage errors, and the option table of `RecordingAndCI.md` are all computed from ``table``.
public struct ToolOptions: Equatable, Sendable {
  var packageDirectory: String?
  var testBinary: String?
  var toolkitIdentity: String?
  var filter: String?
  var dryRun = false
  var applyOnly = false
  /// `--from` and its older spelling `--apply`, in the order given.
  var from: [String] = []
  var includeInterrupted = false
  var discardInterrupted = false
  var prune = false
  var review = false
  var browser = false
  var pending = false
  var json = false
  /// `show`'s argument, and the plugin's `--show`.
  var changeID: String?
  /// `show`'s view of the change: `--diff` (the default), `--new` or `--old`.
  var view: ChangeView.Mode?
  var accept: [String] = []
  var reject: [String] = []
  var gallery = false
  var galleryOnly = false
  /// `info`'s argument, and the plugin's `--info`.
  var file: String?
  var output: String?
  var migrate = false
  var sensitivity = false
  var stability = false
  /// `--stability`'s runs alike (``StabilityVerb/defaultRuns`` when not given).
  var runs: Int?
  var quiet = false

  typealias Grammar = CommandLineGrammar<ToolOptions, ToolVerb>

  /// A value the verb's grammar requires (`--test-binary`, `info`'s file), which parsing has
  /// checked is there: run without it, the verb stops rather than use an empty path.
  func required(_ key: KeyPath<ToolOptions, String?>, _ spelling: String) -> String {
    guard let value = self[keyPath: key] else {
      preconditionFailure("\(spelling) is required, and the grammar checks it before a verb runs")
    }
    return value
  }
  typealias Option = Grammar.Option

  /// One row of the table: an option, and what the plugin makes of it.
  struct Entry: Sendable {
    var option: Option
    /// Whether `snapshots <verb>` takes it, and whether `snapshot-record` does.
    var inTool: Bool
    var inPlugin: Bool
    /// The tool's verb the plugin runs when it is given, running nothing else (`--pending`).
    var selects: ToolVerb?
    /// A spelling kept for older command lines: in the help, never named in an error.
    var isOlder: Bool

    enum Place { case both, tool, plugin }

    init(
      _ name: String, _ value: Option.Value, _ help: String, _ verbs: [ToolVerb],
      _ place: Place = .both, selects: ToolVerb? = nil, isOlder: Bool = false,
      isRequired: Bool = false
    ) {
      option = Option(
        name: name, value: value, help: help, verbs: verbs, isRequired: isRequired)
      (inTool, inPlugin) = (place != .plugin, place != .tool)
      (self.selects, self.isOlder) = (selects, isOlder)
    }
  }

  /// The tool's verbs, in the order its help lists them.
  static let verbs = ToolVerb.allCases.map { verb in
    Grammar.Verb(verb: verb, abstract: verb.abstract, argument: verb.argument)
  }

  static let filter = Entry(
    "filter", .one("regex", \.filter),
    "Run only the tests whose names match; with --apply-only or --from, apply only the records whose test name, test file or reference path matches, leaving the others.",
    [.record, .apply, .sensitivity, .stability])
  static let dryRun = Entry(
    "dry-run", .flag(\.dryRun), "Print what would change, as diffs; write nothing.",
    [.record, .apply, .migrate])
  static let includeInterrupted = Entry(
    "include-interrupted", .flag(\.includeInterrupted),
    "Also take the runs whose tests did not finish (interrupted or crashed), which are otherwise left.",
    [.apply, .pending])
  static let discardInterrupted = Entry(
    "discard-interrupted", .flag(\.discardInterrupted),
    "Delete the runs whose tests did not finish (interrupted or crashed), applying none of their records.",
    [.apply])
  static let prune = Entry(
    "prune", .flag(\.prune),
    "Delete references whose tests are gone or no longer make them (after a complete run).",
    [.record])
  static let review = Entry(
    "review", .flag(\.review),
    "Decide each change in the terminal, groups of changes that share a hunk first (keys: a accept, r reject, s skip, e a group's changes one by one, A/R accept/reject the rest, q quit, ? help).",
    [.record, .apply])
  static let browser = Entry(
    "browser", .flag(\.browser),
    "With --review: decide in a browser instead, at the address the tool prints (127.0.0.1, a port of its own and a token only it knows); the same keys, groups first, images side by side, as a slider, an onion skin or their difference. Ctrl-C ends it; what is not decided stays pending.",
    [.record, .apply])
  static let accept = Entry(
    "accept", .list("id", \.accept),
    "Run nothing: apply only these pending changes (a change's or a group's id, or a unique prefix of one).",
    [.apply],
    selects: .apply)
  static let reject = Entry(
    "reject", .list("id", \.reject),
    "Run nothing: drop these pending changes (ids as for --accept); their references and sources stay as they are.",
    [.apply], selects: .apply)

  /// `show`'s views of a change, one at a time.
  static let diff = Entry(
    "diff", .choice(ChangeView.Mode.diff, \.view, among: oneView),
    "Show the change's header and diff (the default).", [.show])
  static let new = Entry(
    "new", .choice(ChangeView.Mode.new, \.view, among: oneView),
    "Show the bytes the change would write, alone.", [.show])
  static let old = Entry(
    "old", .choice(ChangeView.Mode.old, \.view, among: oneView),
    "Show the reference as it is, alone.", [.show])

  /// Every option, in the order the help lists them.
  static let table: [Entry] = [
    Entry(
      "package-directory", .one("package-directory", \.packageDirectory),
      "The package to work in (default: the current directory).",
      [.record, .apply, .migrate, .catalog, .gallery, .pending, .show, .sensitivity, .stability],
      .tool),
    Entry(
      "test-binary", .one("test-binary", \.testBinary),
      "The package's test binary (<Package>PackageTests.xctest).",
      [.record, .sensitivity, .stability], .tool,
      isRequired: true),
    Entry(
      "toolkit-identity", .one("toolkit-identity", \.toolkitIdentity),
      "This toolkit's package identity in the manifest.", [.migrate], .tool),
    filter, dryRun,
    Entry(
      "apply-only", .flag(\.applyOnly), "Run nothing: apply what earlier `swift test` runs left.",
      [.apply], .plugin, selects: .apply),
    Entry(
      "from", .list("dir", \.from),
      "A folder of runs that CI shards left (SNAPSHOTS_PENDING_DIR), instead of this package's store; repeat for each shard.",
      [.apply, .pending, .show], selects: .apply),
    Entry(
      "apply", .list("dir", \.from), "The older spelling of --from.", [.apply, .pending, .show],
      .plugin, selects: .apply, isOlder: true),
    includeInterrupted, discardInterrupted, prune, review, browser,
    Entry(
      "pending", .flag(\.pending),
      "Run nothing: list the pending changes and their ids, the groups of changes that share a hunk first.",
      [.pending], .plugin, selects: .pending),
    Entry(
      "json", .flag(\.json),
      "List the pending changes as JSON (schema version \(PendingListing.schemaVersion), described in PendingChangesAsData); with --stability, its report (schema version \(StabilityReport.schemaVersion)).",
      [.pending, .stability]),
    Entry(
      "show", .one("id", \.changeID), "Run nothing: show one pending change.", [.show], .plugin,
      selects: .show),
    diff, new, old, accept, reject,
    Entry(
      "gallery", .flag(\.gallery),
      "Then write the catalog and the gallery page (.build/snapshots/gallery.html).",
      [.record, .apply]),
    Entry(
      "gallery-only", .flag(\.galleryOnly),
      "Run nothing: write .build/snapshots/snapshot-catalog.json and .build/snapshots/gallery.html, every snapshot of the package, the newest failing run's first, to open in a browser from file://.",
      [.gallery], .plugin, selects: .gallery),
    Entry(
      "info", .one("file", \.file),
      "Run nothing: print where a PNG reference was recorded (its environment fingerprint).",
      [.info], .plugin, selects: .info),
    Entry(
      "output", .one("output", \.output),
      "Where to write it (default: .build/snapshots/snapshot-catalog.json).", [.catalog], .tool),
    Entry(
      "migrate", .flag(\.migrate),
      "Run nothing: move this package from swift-snapshot-testing. Rewrites Package.swift (its products become this toolkit's, its dependency goes) and the imports of the package's sources; all or nothing. Add this toolkit as a dependency first.",
      [.migrate], .plugin, selects: .migrate),
    Entry(
      "sensitivity", .flag(\.sensitivity),
      "Run the tests once more and, for each passing snapshot, change its value as its strategy defines (a text: each line); tell the changes its comparison lets pass, and why. Writes nothing; exits 1 where a snapshot cannot fail at all.",
      [.sensitivity], .plugin, selects: .sensitivity),
    Entry(
      "stability", .flag(\.stability),
      "Run the tests several times in separate processes and once more under another time zone, locale, temporary folder and working directory; tell what varied in each snapshot's value, its kind (a UUID, a timestamp, a port, a path, a process id, a duration, the order of a dictionary, a float's last digits…), where it came from and the fix. Writes nothing into the package; exits 1 when a snapshot varied.",
      [.stability], .plugin, selects: .stability),
    Entry(
      "runs", .count("count", \.runs, minimum: 2),
      "How many runs --stability compares before the one under another environment (default: \(StabilityVerb.defaultRuns)).",
      [.stability]),
    Entry(
      "quiet", .flag(\.quiet), "Print no progress and no test output: only changes and problems.",
      [.record, .apply, .sensitivity, .stability]),
  ]

  /// The options that do not go together, for the tool and the plugin alike.
  static let exclusions: [Grammar.Exclusion] = [
    .init(these: [includeInterrupted.option], others: [discardInterrupted.option]),
    .init(
      these: [review.option], others: [accept.option, reject.option],
      reason: "--review decides in the terminal, --accept and --reject by id: give one of them"),
    // A record's `--filter` picks the tests to run, which a review goes through; an apply's
    // picks the changes, which the review or the ids pick.
    .init(these: deciding, others: [dryRun.option, prune.option], reason: decides),
    .init(
      these: deciding, others: [filter.option], verbs: [.apply], reason: decides),
  ]
  /// The options that go only with another.
  static let requirements: [Grammar.Requirement] = [
    .init(option: browser.option, needs: review.option)
  ]
  static let oneView = "--diff, --new and --old each show the change alone: give one of them"
  static let deciding = [review.option, accept.option, reject.option]
  static let decides =
    "--review, --accept and --reject decide change by change; they do not go with --dry-run, --prune or --filter on what is pending"

  /// The `snapshots` tool's grammar.
  static let toolGrammar = Grammar(
    command: "snapshots",
    abstract: "Records snapshot files and rewrites inline snapshots from what tests left.",
    discussion: """
      Exit codes: 0 done, 1 something was refused or a failure was not recorded, 2 usage, \
      3 the tests could not run or crashed.
      """,
    verbs: verbs, options: table.filter(\.inTool).map(\.option), exclusions: exclusions,
    requirements: requirements, empty: ToolOptions())

  /// The package, once ``resolved(in:)``.
  var package: URL { URL(fileURLWithPath: packageDirectory ?? ".", isDirectory: true) }

  /// The shards' folders `--from` names, once ``resolved(in:)``.
  var shards: [URL] { from.map { URL(fileURLWithPath: $0, isDirectory: true) } }

  /// The options with every path made absolute: the package's from the current directory
  /// (which it is when none is given), the shards' from the package, a file's from the current
  /// directory.
  func resolved(in currentDirectory: URL) -> ToolOptions {
    var options = self
    func absolute(_ path: String, in folder: URL) -> String {
      URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL.path
    }
    let package = packageDirectory.map { absolute($0, in: currentDirectory) }
    options.packageDirectory = package ?? currentDirectory.standardizedFileURL.path
    options.from = from.map { absolute($0, in: options.package) }
    options.file = file.map { absolute($0, in: currentDirectory) }
    options.output = output.map { absolute($0, in: currentDirectory) }
    return options
  }
}
