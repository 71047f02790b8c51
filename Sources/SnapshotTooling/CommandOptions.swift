import Foundation

/// The `snapshots` command line: one ``Verb`` and its options.
///
/// ``CommandLineGrammar`` parses it and is the one list of each verb's options, which
/// `snapshots help <verb>` prints.
public struct CommandOptions: Equatable, Sendable {
  public enum Verb: String, Sendable {
    /// Run the tests, then apply what they left.
    case record
    /// Apply the pending records of every unapplied run, running nothing.
    case apply
    /// Move a package written for swift-snapshot-testing to this toolkit.
    case migrate
    /// Print where a reference was recorded.
    case info
    /// Write the catalog of the package's references.
    case catalog
    /// Write the catalog and the gallery page beside it.
    case gallery
  }

  public var verb: Verb
  public var packageDirectory: URL
  public var testBinary: URL?
  public var filter: String?
  public var dryRun = false
  public var prune = false
  /// No progress lines and no test output: only what changed and what went wrong.
  public var quiet = false
  /// Folders of CI shards' runs that `apply` takes instead of the local store.
  public var shards: [URL] = []
  /// The reference `info` describes, or where `catalog` writes.
  public var file: URL?
  /// After `record` or `apply`, write the catalog and the gallery page.
  public var gallery = false
  /// `apply` also takes the runs whose test processes did not all finish.
  public var includeInterrupted = false
  /// This toolkit's identity in the package's manifest, for `migrate`.
  public var toolkitIdentity = "swift-snapshots"

  /// Bad arguments, or a request for help (``isHelp``): ``description`` is what to print.
  public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public var isHelp = false
  }

  public init(parsing arguments: [String], currentDirectory: URL) throws(UsageError) {
    let parsed: CommandLineGrammar.Parsed
    do {
      parsed = try Self.grammar.parse(arguments)
    } catch {
      switch error {
      case .help(let text): throw UsageError(description: text, isHelp: true)
      case .usage(let message): throw UsageError(description: message)
      }
    }
    verb = Verb(rawValue: parsed.verb.name) ?? .record
    packageDirectory =
      parsed.value("package-directory").map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? currentDirectory
    testBinary = parsed.value("test-binary").map { URL(fileURLWithPath: $0) }
    filter = parsed.value("filter")
    dryRun = parsed.flag("dry-run")
    quiet = parsed.flag("quiet")
    prune = parsed.flag("prune")
    gallery = parsed.flag("gallery")
    includeInterrupted = parsed.flag("include-interrupted")
    shards = (parsed.values["from"] ?? []).map {
      URL(fileURLWithPath: $0, relativeTo: packageDirectory)
    }
    toolkitIdentity = parsed.value("toolkit-identity") ?? toolkitIdentity
    switch verb {
    case .catalog:
      file = parsed.value("output").map { URL(fileURLWithPath: $0, relativeTo: currentDirectory) }
    case .info:
      packageDirectory = currentDirectory
      file = parsed.argument.map { URL(fileURLWithPath: $0, relativeTo: currentDirectory) }
    case .record, .apply, .migrate, .gallery:
      break
    }
  }

  /// The verbs and their options.
  static let grammar: CommandLineGrammar = {
    typealias Option = CommandLineGrammar.Option
    let package = Option(
      name: "package-directory", value: "package-directory",
      help: "The package to work in (default: the current directory).")
    let common = [
      package,
      Option(name: "dry-run", help: "Print what would change, as diffs; write nothing."),
      Option(
        name: "quiet", help: "Print no progress and no test output: only changes and problems."),
    ]
    let gallery = Option(
      name: "gallery",
      help: "Then write the catalog and the gallery page (.build/snapshots/gallery.html).")
    return CommandLineGrammar(
      command: "snapshots",
      abstract: "Records snapshot files and rewrites inline snapshots from what tests left.",
      discussion: """
        Exit codes: 0 done, 1 something was refused or a failure was not recorded, 2 usage, \
        3 the tests could not run or crashed.
        """,
      verbs: [
        .init(
          name: "record",
          abstract: "Run the tests, then apply what they left and list orphaned references.",
          options: common + [
            Option(
              name: "test-binary", value: "test-binary",
              help: "The package's test binary (<Package>PackageTests.xctest).", isRequired: true),
            Option(
              name: "filter", value: "filter",
              help: "Run only the tests whose names match this regular expression."),
            Option(
              name: "prune",
              help: "Delete the references whose tests are gone (after a complete run only)."),
            gallery,
          ]),
        .init(
          name: "apply",
          abstract:
            "Apply every unapplied run's records (oldest first, newest winning), running nothing.",
          options: common + [
            Option(
              name: "from", value: "from",
              help:
                "A folder of runs that CI shards left (SNAPSHOTS_PENDING_DIR), instead of this package's store; repeat for each shard.",
              repeats: true),
            Option(
              name: "filter", value: "filter",
              help:
                "Apply only the records whose test name, test file or reference path (relative to the package) this regular expression matches; the others stay for a later apply."
            ),
            Option(
              name: "include-interrupted",
              help:
                "Also apply the runs whose tests did not finish (interrupted or crashed), which are otherwise left."
            ),
            gallery,
          ]),
        .init(
          name: "migrate",
          abstract: "Move a package written for swift-snapshot-testing to this toolkit.",
          options: common + [
            Option(
              name: "toolkit-identity", value: "toolkit-identity",
              help: "This toolkit's package identity in the manifest.")
          ]),
        .init(
          name: "info",
          abstract: "Print where a PNG reference was recorded (its environment fingerprint).",
          options: [], argument: ("file", "The reference file.")),
        .init(
          name: "catalog",
          abstract:
            "Write snapshot-catalog.json: every reference of the package, and what the newest pending run recorded.",
          options: [
            package,
            Option(
              name: "output", value: "output",
              help: "Where to write it (default: .build/snapshots/snapshot-catalog.json)."),
          ]),
        .init(
          name: "gallery",
          abstract:
            "Write the catalog and .build/snapshots/gallery.html: every snapshot, the newest run's failures first, to open in a browser.",
          options: [package]),
      ])
  }()
}
