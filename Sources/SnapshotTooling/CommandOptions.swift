import ArgumentParser
import Foundation

/// The `snapshots` command line, parsed by swift-argument-parser (which also gives `--help`).
///
/// ```
/// snapshots record --test-binary PATH [--package-directory DIR] [--filter REGEX] [--dry-run] [--prune]
/// snapshots apply [--package-directory DIR] [--from DIR …] [--filter REGEX] [--dry-run]
/// ```
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
  /// This toolkit's identity in the package's manifest, for `migrate`.
  public var toolkitIdentity = "swift-snapshots"

  /// Bad arguments, or a request for help (``isHelp``): ``description`` is what to print.
  public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public var isHelp = false
  }

  public init(parsing arguments: [String], currentDirectory: URL) throws(UsageError) {
    let command: any ParsableCommand
    do {
      command = try SnapshotsCLI.parseAsRoot(arguments)
    } catch {
      throw UsageError(
        description: SnapshotsCLI.fullMessage(for: error),
        isHelp: SnapshotsCLI.exitCode(for: error) == .success)
    }
    func directory(_ path: String?) -> URL {
      path.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? currentDirectory
    }
    switch command {
    case let record as SnapshotsCLI.Record:
      verb = .record
      packageDirectory = directory(record.common.package.packageDirectory)
      testBinary = URL(fileURLWithPath: record.testBinary)
      filter = record.filter
      dryRun = record.common.dryRun
      quiet = record.common.quiet
      prune = record.prune
      gallery = record.gallery
    case let apply as SnapshotsCLI.Apply:
      verb = .apply
      packageDirectory = directory(apply.common.package.packageDirectory)
      dryRun = apply.common.dryRun
      quiet = apply.common.quiet
      shards = apply.from.map { URL(fileURLWithPath: $0, relativeTo: packageDirectory) }
      filter = apply.filter
      gallery = apply.gallery
    case let migrate as SnapshotsCLI.Migrate:
      verb = .migrate
      packageDirectory = directory(migrate.common.package.packageDirectory)
      dryRun = migrate.common.dryRun
      toolkitIdentity = migrate.toolkitIdentity
    case let catalog as SnapshotsCLI.Catalog:
      verb = .catalog
      packageDirectory = directory(catalog.package.packageDirectory)
      file = catalog.output.map { URL(fileURLWithPath: $0, relativeTo: currentDirectory) }
    case let gallery as SnapshotsCLI.Gallery:
      verb = .gallery
      packageDirectory = directory(gallery.package.packageDirectory)
    case let info as SnapshotsCLI.Info:
      verb = .info
      packageDirectory = currentDirectory
      file = URL(fileURLWithPath: info.file, relativeTo: currentDirectory)
    default:
      throw UsageError(description: SnapshotsCLI.helpMessage(), isHelp: true)
    }
  }
}

/// The commands and options, as swift-argument-parser declares them; ``CommandOptions`` is
/// what the tool runs with.
struct SnapshotsCLI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshots",
    abstract: "Records snapshot files and rewrites inline snapshots from what tests left.",
    discussion: """
      Exit codes: 0 done, 1 something was refused or a failure was not recorded, 2 usage, \
      3 the tests could not run or crashed.
      """,
    subcommands: [
      Record.self, Apply.self, Migrate.self, Info.self, Catalog.self, Gallery.self,
    ])

  struct Package: ParsableArguments {
    @Option(help: "The package to work in (default: the current directory).")
    var packageDirectory: String?
  }

  struct Common: ParsableArguments {
    @OptionGroup var package: Package

    @Flag(help: "Print what would change, as diffs; write nothing.")
    var dryRun = false

    @Flag(help: "Print no progress and no test output: only changes and problems.")
    var quiet = false
  }

  struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run the tests, then apply what they left and list orphaned references.")

    @OptionGroup var common: Common

    @Option(help: "The package's test binary (<Package>PackageTests.xctest).")
    var testBinary: String

    @Option(help: "Run only the tests whose names match this regular expression.")
    var filter: String?

    @Flag(help: "Delete the references whose tests are gone (after a complete run only).")
    var prune = false

    @Flag(help: "Then write the catalog and the gallery page (.build/snapshots/gallery.html).")
    var gallery = false
  }

  struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Apply every unapplied run's records (oldest first, newest winning), running nothing."
    )

    @OptionGroup var common: Common

    @Option(
      help:
        "A folder of runs that CI shards left (SNAPSHOTS_PENDING_DIRECTORY), instead of this package's store; repeat for each shard."
    )
    var from: [String] = []

    @Option(
      help:
        "Apply only the records whose test name, test file or reference path (relative to the package) this regular expression matches; the others stay for a later apply."
    )
    var filter: String?

    @Flag(help: "Then write the catalog and the gallery page (.build/snapshots/gallery.html).")
    var gallery = false
  }

  struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a package written for swift-snapshot-testing to this toolkit.")

    @OptionGroup var common: Common

    @Option(help: "This toolkit's package identity in the manifest.")
    var toolkitIdentity = "swift-snapshots"
  }

  struct Catalog: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write snapshot-catalog.json: every reference of the package, and what the newest pending run recorded."
    )

    @OptionGroup var package: Package

    @Option(help: "Where to write it (default: .build/snapshots/snapshot-catalog.json).")
    var output: String?
  }

  struct Gallery: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write the catalog and .build/snapshots/gallery.html: every snapshot, the newest run's failures first, to open in a browser."
    )

    @OptionGroup var package: Package
  }

  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print where a PNG reference was recorded (its environment fingerprint).")

    @Argument(help: "The reference file.")
    var file: String
  }
}
