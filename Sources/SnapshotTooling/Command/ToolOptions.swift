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
  var pending = false
  var json = false
  /// `show`'s argument, and the plugin's `--show`.
  var changeID: String?
  var diff = false
  var new = false
  var old = false
  var accept: [String] = []
  var reject: [String] = []
  var gallery = false
  var galleryOnly = false
  /// `info`'s argument, and the plugin's `--info`.
  var file: String?
  var output: String?
  var migrate = false
  var quiet = false

  typealias Grammar = CommandLineGrammar<ToolOptions>
  typealias Option = Grammar.Option

  /// One row of the table: an option, and what the plugin makes of it.
  struct Entry: Sendable {
    var option: Option
    /// Whether `snapshots <verb>` takes it, and whether `snapshot-record` does.
    var inTool = true
    var inPlugin = true
    /// The tool's verb the plugin runs when it is given, running nothing else (`--pending`).
    var selects: String?
    /// A spelling kept for older command lines: in the help, never named in an error.
    var isOlder = false
  }

  /// The tool's verbs, in the order its help lists them.
  static let verbs = ToolVerb.allCases.map { verb in
    Grammar.Verb(name: verb.rawValue, abstract: verb.abstract, argument: verb.argument)
  }

  static let packageDirectoryOption = Option(
    name: "package-directory", value: .one("package-directory", \.packageDirectory),
    help: "The package to work in (default: the current directory).",
    verbs: ["record", "apply", "migrate", "catalog", "gallery", "pending", "show"])
  static let filter = Option(
    name: "filter", value: .one("regex", \.filter),
    help:
      "Run only the tests whose names match; with --apply-only or --from, apply only the records whose test name, test file or reference path matches, leaving the others.",
    verbs: ["record", "apply"])
  static let dryRun = Option(
    name: "dry-run", value: .flag(\.dryRun),
    help: "Print what would change, as diffs; write nothing.",
    verbs: ["record", "apply", "migrate"])
  static let includeInterrupted = Option(
    name: "include-interrupted", value: .flag(\.includeInterrupted),
    help:
      "Also take the runs whose tests did not finish (interrupted or crashed), which are otherwise left.",
    verbs: ["apply", "pending"])
  static let discardInterrupted = Option(
    name: "discard-interrupted", value: .flag(\.discardInterrupted),
    help:
      "Delete the runs whose tests did not finish (interrupted or crashed), applying none of their records.",
    verbs: ["apply"])
  static let prune = Option(
    name: "prune", value: .flag(\.prune),
    help: "Delete references whose tests are gone (after a complete run).", verbs: ["record"])
  static let review = Option(
    name: "review", value: .flag(\.review),
    help:
      "Decide each change in the terminal, one at a time (keys: a accept, r reject, s skip, A/R accept/reject the rest, q quit, ? help).",
    verbs: ["record", "apply"])
  static let accept = Option(
    name: "accept", value: .list("id", \.accept),
    help: "Run nothing: apply only these pending changes (an id or a unique prefix each).",
    verbs: ["apply"])
  static let reject = Option(
    name: "reject", value: .list("id", \.reject),
    help:
      "Run nothing: drop these pending changes; their references and sources stay as they are.",
    verbs: ["apply"])
  static let quiet = Option(
    name: "quiet", value: .flag(\.quiet),
    help: "Print no progress and no test output: only changes and problems.",
    verbs: ["record", "apply"])

  /// Every option, in the order the help lists them.
  static let table: [Entry] = [
    .init(option: packageDirectoryOption, inPlugin: false),
    .init(
      option: .init(
        name: "test-binary", value: .one("test-binary", \.testBinary),
        help: "The package's test binary (<Package>PackageTests.xctest).", verbs: ["record"],
        isRequired: true), inPlugin: false),
    .init(
      option: .init(
        name: "toolkit-identity", value: .one("toolkit-identity", \.toolkitIdentity),
        help: "This toolkit's package identity in the manifest.", verbs: ["migrate"]),
      inPlugin: false),
    .init(option: filter),
    .init(option: dryRun),
    .init(
      option: .init(
        name: "apply-only", value: .flag(\.applyOnly),
        help: "Run nothing: apply what earlier `swift test` runs left.", verbs: ["apply"]),
      inTool: false, selects: "apply"),
    .init(
      option: .init(
        name: "from", value: .list("dir", \.from),
        help:
          "A folder of runs that CI shards left (SNAPSHOTS_PENDING_DIR), instead of this package's store; repeat for each shard.",
        verbs: ["apply", "pending", "show"]), selects: "apply"),
    .init(
      option: .init(
        name: "apply", value: .list("dir", \.from), help: "The older spelling of --from.",
        verbs: ["apply", "pending", "show"]), inTool: false, selects: "apply", isOlder: true),
    .init(option: includeInterrupted),
    .init(option: discardInterrupted),
    .init(option: prune),
    .init(option: review),
    .init(
      option: .init(
        name: "pending", value: .flag(\.pending),
        help: "Run nothing: list the pending changes and their ids.", verbs: ["pending"]),
      inTool: false, selects: "pending"),
    .init(
      option: .init(
        name: "json", value: .flag(\.json),
        help:
          "List the pending changes as JSON (schema version \(PendingListing.schemaVersion), described in PendingChangesAsData).",
        verbs: ["pending"])),
    .init(
      option: .init(
        name: "show", value: .one("id", \.changeID),
        help: "Run nothing: show one pending change.", verbs: ["show"]),
      inTool: false, selects: "show"),
    .init(
      option: .init(
        name: "diff", value: .flag(\.diff),
        help: "Show the change's header and diff (the default).",
        verbs: ["show"])),
    .init(
      option: .init(
        name: "new", value: .flag(\.new), help: "Show the bytes the change would write, alone.",
        verbs: ["show"])),
    .init(
      option: .init(
        name: "old", value: .flag(\.old), help: "Show the reference as it is, alone.",
        verbs: ["show"])),
    .init(option: accept, selects: "apply"),
    .init(option: reject, selects: "apply"),
    .init(
      option: .init(
        name: "gallery", value: .flag(\.gallery),
        help: "Then write the catalog and the gallery page (.build/snapshots/gallery.html).",
        verbs: ["record", "apply"])),
    .init(
      option: .init(
        name: "gallery-only", value: .flag(\.galleryOnly),
        help:
          "Run nothing: write .build/snapshots/snapshot-catalog.json and .build/snapshots/gallery.html, every snapshot of the package, the newest failing run's first, to open in a browser from file://.",
        verbs: ["gallery"]), inTool: false, selects: "gallery"),
    .init(
      option: .init(
        name: "info", value: .one("file", \.file),
        help:
          "Run nothing: print where a PNG reference was recorded (its environment fingerprint).",
        verbs: ["info"]), inTool: false, selects: "info"),
    .init(
      option: .init(
        name: "output", value: .one("output", \.output),
        help: "Where to write it (default: .build/snapshots/snapshot-catalog.json).",
        verbs: ["catalog"]), inPlugin: false),
    .init(
      option: .init(
        name: "migrate", value: .flag(\.migrate),
        help:
          "Run nothing: move this package from swift-snapshot-testing. Rewrites Package.swift (its products become this toolkit's, its dependency goes) and the imports of the package's sources; all or nothing. Add this toolkit as a dependency first.",
        verbs: ["migrate"]), inTool: false, selects: "migrate"),
    .init(option: quiet),
  ]

  /// The options that do not go together, for the tool and the plugin alike.
  static let exclusions: [Grammar.Exclusion] = [
    .init(these: [includeInterrupted], others: [discardInterrupted]),
    .init(
      these: [review], others: [accept, reject],
      reason: "--review decides in the terminal, --accept and --reject by id: give one of them"),
    // A record's `--filter` picks the tests to run, which a review goes through; an apply's
    // picks the changes, which the review or the ids pick.
    .init(these: [review, accept, reject], others: [dryRun, prune], reason: decides),
    .init(these: [review, accept, reject], others: [filter], verbs: ["apply"], reason: decides),
  ]
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
    empty: ToolOptions())

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
