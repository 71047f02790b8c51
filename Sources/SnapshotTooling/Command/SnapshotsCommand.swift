import Foundation

/// The `snapshots` command line: one verb, each its own type with its own options.
///
/// ``CommandLineGrammar`` parses it from the verbs' grammars, which are the one list of their
/// options (`snapshots help <verb>` prints it).
///
/// Exit codes: 0 done, 1 something was refused or a failure was not recorded, 2 usage, 3 the
/// tests could not run or crashed.
public enum SnapshotsCommand {
  case record(RecordVerb)
  case apply(ApplyVerb)
  case migrate(MigrateVerb)
  case info(InfoVerb)
  case catalog(CatalogVerb)
  case gallery(GalleryVerb)
  case pending(PendingVerb)
  case show(ShowVerb)
  /// The command plugins' entry (``PluginCommand``): not listed in the help.
  case plugin(PluginCommand)

  /// Every exit code the tool and the plugin end with: the one table.
  public enum ExitCode: Int32, CaseIterable {
    case success = 0
    case refused = 1
    case usage = 2
    case testsDidNotRun = 3
  }

  /// Bad arguments, or a request for help (``isHelp``): ``description`` is what to print.
  public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public var isHelp = false
  }

  public init(parsing arguments: [String], currentDirectory: URL) throws(UsageError) {
    if arguments.first == "plugin" {
      self = .plugin(
        try PluginCommand(parsing: Array(arguments.dropFirst()), currentDirectory: currentDirectory)
      )
      return
    }
    let parsed: CommandLineGrammar.Parsed
    do {
      parsed = try Self.grammar.parse(arguments)
    } catch {
      switch error {
      case .help(let text): throw UsageError(description: text, isHelp: true)
      case .usage(let message): throw UsageError(description: message)
      }
    }
    let here = currentDirectory
    switch parsed.verb.name {
    case RecordVerb.grammar.name: self = .record(RecordVerb(parsed, currentDirectory: here))
    case ApplyVerb.grammar.name: self = .apply(ApplyVerb(parsed, currentDirectory: here))
    case MigrateVerb.grammar.name: self = .migrate(MigrateVerb(parsed, currentDirectory: here))
    case InfoVerb.grammar.name: self = .info(InfoVerb(parsed, currentDirectory: here))
    case CatalogVerb.grammar.name: self = .catalog(CatalogVerb(parsed, currentDirectory: here))
    case GalleryVerb.grammar.name: self = .gallery(GalleryVerb(parsed, currentDirectory: here))
    case PendingVerb.grammar.name: self = .pending(PendingVerb(parsed, currentDirectory: here))
    case ShowVerb.grammar.name: self = .show(ShowVerb(parsed, currentDirectory: here))
    default: preconditionFailure("the grammar parsed a verb it does not list: \(parsed.verb.name)")
    }
  }

  /// Runs the verb; each line it prints goes to `print`, by default straight to standard
  /// output, unbuffered, since it is mostly a pipe (the plugin's) and a progress line must arrive
  /// when its step starts, before the output of the tests it runs.
  @_spi(Tooling) public func run(
    print: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
  ) -> ExitCode {
    switch self {
    case .record(let verb): return verb.run(print: print)
    case .apply(let verb): return verb.run(print: print)
    case .migrate(let verb): return verb.run(print: print)
    case .info(let verb): return verb.run(print: print)
    case .catalog(let verb): return verb.run(print: print)
    case .gallery(let verb): return verb.run(print: print)
    case .pending(let verb): return verb.run(print: print)
    case .show(let verb): return verb.run(print: print)
    case .plugin(let command): return command.run(print: print)
    }
  }

  /// What `snapshots` does: parse the arguments, run the verb, exit with its code.
  @_spi(Tooling) public static func main() -> Never {
    let currentDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ChildProcesses.shared.stopWithParent()
    do {
      let command = try SnapshotsCommand(
        parsing: Array(CommandLine.arguments.dropFirst()), currentDirectory: currentDirectory)
      ChildProcesses.shared.exit(command.run().rawValue)
    } catch {
      if error.isHelp {
        print(error.description)
        exit(ExitCode.success.rawValue)
      }
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      exit(ExitCode.usage.rawValue)
    }
  }

  static let grammar = CommandLineGrammar(
    command: "snapshots",
    abstract: "Records snapshot files and rewrites inline snapshots from what tests left.",
    discussion: """
      Exit codes: 0 done, 1 something was refused or a failure was not recorded, 2 usage, \
      3 the tests could not run or crashed.
      """,
    verbs: [
      RecordVerb.grammar, ApplyVerb.grammar, MigrateVerb.grammar, InfoVerb.grammar,
      CatalogVerb.grammar, GalleryVerb.grammar, PendingVerb.grammar, ShowVerb.grammar,
    ])
}

/// The options more than one verb has, spelt once.
enum CommonOptions {
  typealias Option = CommandLineGrammar.Option

  static let packageDirectory = Option(
    name: "package-directory", value: "package-directory",
    help: "The package to work in (default: the current directory).")
  static let dryRun = Option(
    name: "dry-run", help: "Print what would change, as diffs; write nothing.")
  static let quiet = Option(
    name: "quiet", help: "Print no progress and no test output: only changes and problems.")
  static let review = Option(
    name: "review",
    help:
      "Decide each change in the terminal, one at a time (keys: a accept, r reject, s skip, A/R accept/reject the rest, q quit, ? help)."
  )
  static let from = Option(
    name: "from", value: "dir",
    help:
      "A folder of runs that CI shards left (SNAPSHOTS_PENDING_DIR), instead of this package's store; repeat for each shard.",
    repeats: true)
  static let includeInterrupted = Option(
    name: "include-interrupted",
    help:
      "Also take the runs whose tests did not finish (interrupted or crashed), which are otherwise left."
  )
  static let discardInterrupted = Option(
    name: "discard-interrupted",
    help:
      "Delete the runs whose tests did not finish (interrupted or crashed), applying none of their records."
  )
  static let gallery = Option(
    name: "gallery",
    help: "Then write the catalog and the gallery page (.build/snapshots/gallery.html).")

  /// The shards' folders `--from` names, relative to the package.
  static func shards(_ parsed: CommandLineGrammar.Parsed, in package: URL) -> [URL] {
    (parsed.values[from.name] ?? []).map { URL(fileURLWithPath: $0, relativeTo: package) }
  }

  static func packageDirectory(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) -> URL {
    parsed.value(packageDirectory.name).map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? currentDirectory
  }
}
