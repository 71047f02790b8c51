import Foundation

/// What the command plugin's words mean: `swift package --allow-writing-to-package-directory
/// snapshot-record [options]`.
///
/// One plugin serves every command (recording, the gallery, migration), because SwiftPM
/// compiles every plugin of the graph in each dependent's first build. The plugin passes the user's arguments here untouched, twice: first with `--plan`, to learn
/// whether to build the tests or what to print, then to run the command. So the
/// tool alone owns the plugin's grammar, their help (made from the same options as the tool's
/// verbs) and the meaning of every exit code:
///
/// ```
/// snapshots plugin snapshot-record --plan --package-directory D -- ARGS…
/// snapshots plugin snapshot-record --package-directory D [--test-binary B] -- ARGS…
/// ```
public struct PluginCommand: Sendable {
  /// The plugin's verb.
  static let name = "snapshot-record"

  var planOnly: Bool
  /// What the plugin knows of the package, not the user.
  var packageDirectory: URL
  var testBinary: String?
  /// This toolkit's identity in the package's graph, when it depends on it (for migration).
  var toolkitIdentity: String?
  /// The user's words.
  var arguments: [String]

  /// What the plugin does before the command runs: print and stop, or build the tests (when
  /// the command runs them) and run the tool.
  struct Plan: Codable, Equatable {
    /// Print this and stop (help, or a usage error when ``fails``).
    var say: String?
    var fails = false
    /// `--quiet`: the plugin prints no progress either.
    var quiet = false
    var buildTests = false
  }

  /// `plugin <name> [--plan] [--package-directory D] [--test-binary B] [--toolkit-identity I]
  /// -- ARGS…`, as the plugin writes it.
  init(parsing words: [String], currentDirectory: URL) throws(SnapshotsCommand.UsageError) {
    var rest = words[...]
    guard rest.popFirst() == Self.name else {
      throw .init(description: "plugin: expected \(Self.name)")
    }
    planOnly = false
    packageDirectory = currentDirectory
    arguments = []
    while let word = rest.popFirst() {
      switch word {
      case "--": arguments = Array(rest); rest = []
      case "--plan": planOnly = true
      case "--package-directory", "--test-binary", "--toolkit-identity":
        guard let value = rest.popFirst() else {
          throw .init(description: "plugin: \(word) needs a value")
        }
        if word == "--package-directory" {
          packageDirectory = URL(fileURLWithPath: value, isDirectory: true)
        } else if word == "--test-binary" {
          testBinary = value
        } else {
          toolkitIdentity = value
        }
      default: throw .init(description: "plugin: unexpected \(word) before --")
      }
    }
  }

  /// Prints the plan as one line of JSON, or runs the command.
  func run(print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    let translated = translate()
    if planOnly {
      let data = (try? JSONEncoder().encode(plan(translated))) ?? Data("{}".utf8)
      print(String(decoding: data, as: UTF8.self))
      return .success
    }
    switch translated {
    case .say(let text, let fails):
      print(text)
      return fails ? .usage : .success
    case .run(let words, _):
      do {
        return try SnapshotsCommand(parsing: words, currentDirectory: packageDirectory)
          .run(print: print)
      } catch {
        print(error.description)
        return error.isHelp ? .success : .usage
      }
    }
  }

  /// The user's words as the tool's own command line, or what to print instead.
  enum Translation {
    case say(String, fails: Bool)
    /// The tool's words, and whether the tests must be built first.
    case run([String], buildsTests: Bool)
  }

  func plan(_ translation: Translation) -> Plan {
    var plan = Plan()
    switch translation {
    case .say(let text, let fails):
      // SwiftPM starts a plugin's error with `error: ` itself.
      plan.say = fails ? Self.droppingErrorPrefix(text) : text
      plan.fails = fails
    case .run(let words, let buildsTests):
      plan.quiet = words.contains("--" + CommonOptions.quiet.name)
      plan.buildTests = buildsTests
    }
    return plan
  }

  func translate() -> Translation {
    let grammar = CommandLineGrammar(
      command: "swift package --allow-writing-to-package-directory", abstract: "", discussion: "",
      verbs: [Self.verb])
    let parsed: CommandLineGrammar.Parsed
    do {
      parsed = try grammar.parse([Self.name] + Self.expandingLists(arguments))
    } catch {
      switch error {
      case .help(let text): return .say(text, fails: false)
      case .usage(let text): return .say(text, fails: true)
      }
    }
    let package = ["--package-directory", packageDirectory.path]
    /// The option as the tool spells it, with each of its values; a flag once, if given.
    func values(_ option: CommandLineGrammar.Option, as spelling: String? = nil) -> [String] {
      let name = "--" + (spelling ?? option.name)
      guard option.value != nil else { return parsed.flag(option.name) ? [name] : [] }
      return (parsed.values[option.name] ?? []).flatMap { [name, $0] }
    }
    // Which of the tool's verbs the words ask for, and the options that go with it.
    let (verb, mode, options): (String, String, [CommandLineGrammar.Option])
    let decides = parsed.values[Self.accept.name] != nil || parsed.values[Self.reject.name] != nil
    let shards = [CommonOptions.from, Self.olderFrom]
    if parsed.flag(Self.migrate.name) {
      (verb, mode) = ("migrate", "--migrate")
      options = [Self.migrate, CommonOptions.dryRun]
    } else if parsed.flag(Self.galleryOnly.name) {
      (verb, mode) = ("gallery", "--gallery-only")
      options = [Self.galleryOnly]
    } else if parsed.values[Self.info.name] != nil {
      (verb, mode) = ("info", "--info")
      options = [Self.info]
    } else if parsed.flag(Self.pending.name) {
      (verb, mode) = ("pending", "--pending")
      options = [Self.pending, Self.json, CommonOptions.includeInterrupted] + shards
    } else if parsed.values[Self.show.name] != nil {
      (verb, mode) = ("show", "--show")
      options = [Self.show] + Self.views + shards
    } else if parsed.flag(Self.applyOnly.name) || decides
      || shards.contains(where: { parsed.values[$0.name] != nil })
    {
      (verb, mode) = ("apply", "--apply-only, --from, --accept or --reject")
      options =
        Self.running + shards
        + [
          Self.applyOnly, CommonOptions.includeInterrupted, CommonOptions.discardInterrupted,
          Self.accept, Self.reject,
        ]
    } else {
      (verb, mode) = ("record", "a test run")
      options = Self.running + [Self.prune]
    }
    if let stray = parsed.values.keys.sorted().first(where: { name in
      !options.contains { $0.name == name }
    }) {
      return .say("error: --\(stray) does not go with \(mode)", fails: true)
    }
    if parsed.flag(CommonOptions.review.name) && !ReviewTerminal.isAvailable {
      return .say("error: \(ReviewTerminal.Unavailable())", fails: true)
    }
    if let file = parsed.value(Self.info.name) {
      let path = URL(fileURLWithPath: file, relativeTo: packageDirectory).path
      return .run(["info", path], buildsTests: false)
    }
    // The tool's spelling: `show`'s id is its argument, `--apply` is `--from`.
    var words = [verb] + (parsed.value(Self.show.name).map { [$0] } ?? []) + package
    if verb == "record" { words += ["--test-binary", testBinary ?? ""] }
    if verb == "migrate" {
      guard let toolkitIdentity else {
        return .say("error: swift-snapshots is not a dependency of this package", fails: true)
      }
      words += ["--toolkit-identity", toolkitIdentity]
    }
    for option in options where option.name != Self.show.name {
      switch option.name {
      case Self.pending.name, Self.applyOnly.name, Self.migrate.name, Self.galleryOnly.name:
        continue
      case Self.olderFrom.name: words += values(option, as: CommonOptions.from.name)
      default: words += values(option)
      }
    }
    return .run(words, buildsTests: verb == "record")
  }

  static func droppingErrorPrefix(_ text: String) -> String {
    for prefix in ["error: ", "Error: "] where text.hasPrefix(prefix) {
      return String(text.dropFirst(prefix.count))
    }
    return text
  }

  /// `--from A B`, `--accept X Y`: the words after a list's option belong to it, as separate
  /// options.
  static func expandingLists(_ words: [String]) -> [String] {
    let lists = Set([CommonOptions.from, olderFrom, accept, reject].map { "--" + $0.name })
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

  // The plugins' own options; the rest are the tool's verbs' (``CommonOptions``).
  typealias Option = CommandLineGrammar.Option
  /// The options of a command that runs tests or applies records.
  static let running = [
    CommonOptions.dryRun, CommonOptions.quiet, filter, CommonOptions.review, CommonOptions.gallery,
  ]
  static let filter = Option(
    name: "filter", value: "regex",
    help:
      "Run only the tests whose names match; with --apply-only or --from, apply only the records whose test name, test file or reference path matches, leaving the others."
  )
  static let applyOnly = Option(
    name: "apply-only", help: "Run nothing: apply what earlier `swift test` runs left.")
  static let olderFrom = Option(
    name: "apply", value: "dir", help: "The older spelling of --from.", repeats: true)
  static let prune = Option(
    name: "prune", help: "Delete references whose tests are gone (after a complete run).")
  static let pending = Option(
    name: "pending", help: "Run nothing: list the pending changes and their ids.")
  static let json = Option(name: "json", help: "With --pending: as JSON.")
  static let show = Option(
    name: "show", value: "id", help: "Run nothing: show one pending change.")
  static let views = [
    Option(name: "diff", help: "With --show: its header and diff (the default)."),
    Option(name: "new", help: "With --show: the bytes it would write, alone."),
    Option(name: "old", help: "With --show: the reference as it is, alone."),
  ]
  static let accept = Option(
    name: "accept", value: "id", help: "Run nothing: apply only these pending changes.",
    repeats: true)
  static let reject = Option(
    name: "reject", value: "id",
    help:
      "Run nothing: drop these pending changes; their references and sources stay as they are.",
    repeats: true)
  static let info = Option(
    name: "info", value: "file",
    help: "Run nothing: print where a PNG reference was recorded (its environment fingerprint).")
  static let galleryOnly = Option(
    name: "gallery-only",
    help:
      "Run nothing: write .build/snapshots/snapshot-catalog.json and .build/snapshots/gallery.html, every snapshot of the package, the newest failing run's first, to open in a browser from file://."
  )
  static let migrate = Option(
    name: "migrate",
    help:
      "Run nothing: move this package from swift-snapshot-testing. Rewrites Package.swift (its products become this toolkit's, its dependency goes) and the imports of the package's sources; all or nothing. Add this toolkit as a dependency first."
  )

  static let verb = CommandLineGrammar.Verb(
    name: name,
    abstract:
      "Build and run the package's tests, then record the snapshot files and rewrite the inline snapshots they left. Exits non-zero when anything was refused or a failure was not recorded. (The former snapshot-gallery and snapshot-migrate are --gallery-only, --info and --migrate.)",
    options: [filter, CommonOptions.dryRun, applyOnly, CommonOptions.from, olderFrom]
      + [CommonOptions.includeInterrupted, CommonOptions.discardInterrupted, prune]
      + [CommonOptions.review, pending, json, show]
      + views + [accept, reject, CommonOptions.gallery, galleryOnly, info, migrate]
      + [CommonOptions.quiet])
}
