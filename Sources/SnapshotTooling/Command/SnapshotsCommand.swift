import Foundation
@_spi(Tooling) import Snapshots

/// The `snapshots` command line: a verb (``ToolVerb``) and its options, which ``ToolOptions``
/// declares and its grammar parses (`snapshots help <verb>` lists a verb's).
///
/// Exit codes: 0 done, 1 something was refused or a failure was not recorded, 2 usage, 3 the
/// tests could not run or crashed.
public enum SnapshotsCommand {
  /// One of the tool's verbs, with the options its words give, their paths made absolute.
  case run(ToolVerb, ToolOptions)
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

    static func help(_ text: String) -> Self { Self(description: text, isHelp: true) }
    static func usage(_ message: String) -> Self { Self(description: message) }
  }

  public init(parsing arguments: [String], currentDirectory: URL) throws(UsageError) {
    if arguments.first == "plugin" {
      self = .plugin(
        try PluginCommand(parsing: Array(arguments.dropFirst()), currentDirectory: currentDirectory)
      )
      return
    }
    let parsed = try ToolOptions.toolGrammar.parse(arguments)
    self = .run(parsed.verb.verb, parsed.values.resolved(in: currentDirectory))
  }

  /// Runs the verb; each line it prints goes to `print`, by default straight to standard
  /// output (``printLine(_:)``).
  @_spi(Tooling) public func run(print: @escaping (String) -> Void = printLine) -> ExitCode {
    switch self {
    case .run(let verb, let options): return verb.run(options, print: print)
    case .plugin(let command): return command.run(print: print)
    }
  }

  /// Whether standard output is a terminal that shows colour, where `show` paints its diff.
  static var outputShowsColor: Bool { isatty(STDOUT_FILENO) != 0 && Terminal.allowsColor }

  /// Writes a line to standard output unbuffered, since it is mostly a pipe (the plugin's) and a
  /// progress line must arrive when its step starts, before the output of the tests it runs.
  ///
  /// Its control characters are escaped (`ControlCharacters`): names, paths and messages the
  /// tests wrote reach a terminal or a CI log, where a NUL would cut the line and an escape
  /// sequence would be run.
  @_spi(Tooling) public static func printLine(_ line: String) {
    let shown = ControlCharacters.escaped(line, keepingColour: outputShowsColor)
    FileHandle.standardOutput.write(Data((shown + "\n").utf8))
  }

  /// What `snapshots` does: parse the arguments, run the verb, exit with its code.
  package static func main() -> Never {
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
      FileHandle.standardError.write(Data("\(ControlCharacters.escaped(error.description))\n".utf8))
      exit(ExitCode.usage.rawValue)
    }
  }
}
