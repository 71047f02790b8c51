import Foundation

/// What the command plugin's words mean: `swift package --allow-writing-to-package-directory
/// snapshot-record [options]`.
///
/// One plugin serves every command (recording, the gallery, migration), because SwiftPM
/// compiles every plugin of the graph in each dependent's first build. The plugin passes the
/// user's arguments here untouched and gets back a plan: what to print and stop, or the tool's
/// own command line to run, and whether to build the tests for it first. So the tool alone owns
/// the plugin's grammar, its help (made from ``ToolOptions/table``, as the tool's is) and the
/// meaning of every exit code, and the user's words are read once:
///
/// ```
/// snapshots plugin snapshot-record --package-directory D [--toolkit-identity I] -- ARGS…
/// ```
public struct PluginCommand: Sendable {
  /// The plugin's one verb.
  enum Verb: String, Sendable {
    case snapshotRecord = "snapshot-record"
  }

  static let name = Verb.snapshotRecord.rawValue

  /// What the plugin knows of the package, not the user.
  var packageDirectory: URL
  /// This toolkit's identity in the package's graph, when it depends on it (for migration).
  var toolkitIdentity: String?
  /// The user's words.
  var arguments: [String]

  /// What the plugin does: print and stop, or run the tool with ``run`` (after building the
  /// tests and adding `--test-binary` when ``buildTests``).
  struct Plan: Codable, Equatable {
    /// Print this and stop (help, or a usage error when ``fails``).
    var say: String?
    var fails = false
    /// `--quiet`: the plugin prints no progress either.
    var quiet = false
    var buildTests = false
    /// The tool's command line.
    var run: [String] = []
  }

  /// `plugin <name> [--package-directory D] [--toolkit-identity I] -- ARGS…`, as the plugin
  /// writes it.
  init(parsing words: [String], currentDirectory: URL) throws(SnapshotsCommand.UsageError) {
    let known = ["--package-directory", "--toolkit-identity"]
    guard words.first == Self.name, let dash = words.firstIndex(of: "--"), dash % 2 == 1,
      stride(from: 1, to: dash, by: 2).allSatisfy({ known.contains(words[$0]) })
    else {
      throw .init(description: "plugin: expected \(Self.name) [\(known[0]) D] [\(known[1]) I] -- …")
    }
    let value = { (name: String) in
      stride(from: 1, to: dash, by: 2).reversed().first { words[$0] == name }.map { words[$0 + 1] }
    }
    packageDirectory =
      value(known[0]).map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? currentDirectory
    toolkitIdentity = value(known[1])
    arguments = Array(words[(dash + 1)...])
  }

  /// Prints the plan as one line of JSON.
  func run(print: (String) -> Void) -> SnapshotsCommand.ExitCode {
    let data = (try? JSONEncoder().encode(plan())) ?? Data("{}".utf8)
    print(String(decoding: data, as: UTF8.self))
    return .success
  }

  func plan() -> Plan {
    do {
      let (verb, words, options) = try translate()
      // JSON is read by a program: no progress before it.
      return Plan(quiet: options.quiet || options.json, buildTests: verb.runsTests, run: words)
    } catch {
      if error.isHelp { return Plan(say: error.description) }
      // SwiftPM starts a plugin's error with `error: ` itself.
      let text = error.description
      return Plan(say: text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text, fails: true)
    }
  }

  /// The user's words as the tool's own command line (its verb, and its words), and the options
  /// they give.
  func translate() throws(ToolOptions.Grammar.Failure) -> (
    verb: ToolVerb, words: [String], options: ToolOptions
  ) {
    var parsed = try Self.grammar.parse([Self.name] + Self.expandingLists(arguments))
    let given = ToolOptions.table.filter { entry in
      parsed.given.contains { $0.name == entry.option.name }
    }
    // The most specific mode the words name wins; each other option must go with it.
    let verb = given.compactMap(\.selects).min { $0.precedence < $1.precedence } ?? .record
    if let stray = given.first(where: { !$0.option.verbs.contains(verb) }) {
      throw .usage("--\(stray.option.name) does not go with \(Self.mode(verb))")
    }
    if let message = ToolOptions.toolGrammar.excluded(given.map(\.option), in: verb) {
      throw .usage(message)
    }
    if parsed.values.review && !parsed.values.browser && !ReviewTerminal.isAvailable {
      throw .usage("\(ReviewTerminal.Unavailable())")
    }
    parsed.values.packageDirectory = packageDirectory.path
    if verb == .migrate {
      guard let toolkitIdentity else {
        throw .usage("swift-snapshots is not a dependency of this package")
      }
      parsed.values.toolkitIdentity = toolkitIdentity
    }
    if let file = parsed.values.file {
      parsed.values.file = URL(fileURLWithPath: file, relativeTo: packageDirectory).path
    }
    let tool = ToolOptions.toolGrammar
    let toolVerb = tool.verbs.first { $0.verb == verb }
    let argument = toolVerb?.argument.flatMap { parsed.values[keyPath: $0.key] }.map { [$0] } ?? []
    let options = toolVerb.map { tool.options(of: $0).flatMap { $0.words(parsed.values) } } ?? []
    return (verb, [verb.rawValue] + argument + options, parsed.values)
  }

  /// What the user's words asked for, as an error names it.
  static func mode(_ verb: ToolVerb) -> String {
    let names = ToolOptions.table.filter { $0.selects == verb && !$0.isOlder }
      .map { "--" + $0.option.name }
    guard let last = names.last else { return "a test run" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// `--from A B`, `--accept X Y`: the words after a list's option belong to it, as separate
  /// options.
  static func expandingLists(_ words: [String]) -> [String] {
    let lists = Set(grammar.options.filter(\.repeats).map { "--" + $0.name })
    var expanded: [String] = []
    var list: String?
    for word in words {
      if word.hasPrefix("-") {
        list = lists.contains(word) ? word : nil
        expanded.append(word)
      } else if let option = list, expanded.last != option {
        expanded += [option, word]
      } else {
        expanded.append(word)
      }
    }
    return expanded
  }

  /// The plugin's grammar: one verb, with every option of the table the plugin takes.
  static let grammar = CommandLineGrammar<ToolOptions, Verb>(
    command: "swift package --allow-writing-to-package-directory", abstract: "", discussion: "",
    verbs: [
      .init(
        verb: .snapshotRecord,
        abstract:
          "Build and run the package's tests, then record the snapshot files and rewrite the inline snapshots they left. Exits non-zero when anything was refused or a failure was not recorded. (The former snapshot-gallery and snapshot-migrate are --gallery-only, --info and --migrate.)"
      )
    ],
    options: ToolOptions.table.filter(\.inPlugin).map { entry in
      let option = entry.option
      return .init(
        name: option.name, value: option.value, help: option.help, verbs: [.snapshotRecord],
        isRequired: option.isRequired)
    }, empty: ToolOptions())
}
