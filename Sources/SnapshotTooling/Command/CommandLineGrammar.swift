/// A command line's grammar, computed from one table of typed options: the parse of an argument
/// list into a verb and its `Values`, the help, the usage errors and the docs' option table.
///
/// Kept here rather than taken from a parser package: every package that depends on this one
/// compiles the command plugins of all its dependencies on a clean build.
struct CommandLineGrammar<Values: Sendable, VerbName>: Sendable
where VerbName: RawRepresentable & Equatable & Sendable, VerbName.RawValue == String {
  /// One option: where its value goes, what the help says, and the verbs it goes with.
  struct Option: Sendable {
    typealias Value = CommandLineValue<Values>

    /// The name without its dashes: `test-binary`.
    var name: String
    var value: Value
    var help: String
    /// The verbs it goes with.
    var verbs: [VerbName]
    var isRequired = false

    var spelling: String {
      switch value {
      case .flag, .choice: "--\(name)"
      case .one(let label, _), .list(let label, _), .count(let label, _, _): "--\(name) <\(label)>"
      }
    }

    var repeats: Bool {
      if case .list = value { return true }
      return false
    }

    /// The option as a command line says it, for each value it holds in `values`.
    func words(_ values: Values) -> [String] {
      switch value {
      case .flag(let key): values[keyPath: key] ? ["--\(name)"] : []
      case .choice(let choice): choice.isSet(values) ? ["--\(name)"] : []
      case .one(_, let key): values[keyPath: key].map { ["--\(name)", $0] } ?? []
      case .list(_, let key): values[keyPath: key].flatMap { ["--\(name)", $0] }
      case .count(_, let key, _): values[keyPath: key].map { ["--\(name)", "\($0)"] } ?? []
      }
    }
  }

  struct Verb: Sendable {
    var verb: VerbName
    var name: String { verb.rawValue }
    var abstract: String
    /// One positional argument, such as `info`'s file: its name, help and where it goes.
    var argument:
      (name: String, help: String, key: any WritableKeyPath<Values, String?> & Sendable)?
  }

  /// Options that do not go together: given one of `these`, none of `others` (in `verbs`, or in
  /// any verb when empty), for the reason an error gives.
  struct Exclusion: Sendable {
    var these: [Option]
    var others: [Option]
    var verbs: [VerbName] = []
    var reason: String?
  }

  /// An option that only goes with another: given `option`, `needs` must be given too.
  struct Requirement: Sendable {
    var option: Option
    var needs: Option
  }

  var command: String
  var abstract: String
  var discussion: String
  var verbs: [Verb]
  /// Every option, in the order the help lists them.
  var options: [Option]
  var exclusions: [Exclusion] = []
  var requirements: [Requirement] = []
  /// The values before any option sets one.
  var empty: Values

  /// What one argument list says: its verb, its values, and the options it named.
  struct Parsed: Sendable {
    var verb: Verb
    var values: Values
    /// The options given, each once, in the order they were first given.
    var given: [Option] = []
  }

  typealias Failure = SnapshotsCommand.UsageError

  func options(of verb: Verb) -> [Option] { options.filter { $0.verbs.contains(verb.verb) } }

  func parse(_ arguments: [String]) throws(Failure) -> Parsed {
    var rest = arguments[...]
    guard let first = rest.popFirst(), !["-h", "--help"].contains(first) else {
      throw .help(help())
    }
    if first == "help" {
      throw .help(rest.first.flatMap(verb(named:)).map(help(for:)) ?? help())
    }
    guard let verb = verb(named: first) else {
      throw .usage(
        error(first.hasPrefix("-") ? "Unknown option '\(first)'" : "Unexpected argument '\(first)'")
      )
    }
    let options = options(of: verb)
    var parsed = Parsed(verb: verb, values: empty)
    var argumentGiven = false
    while let argument = rest.popFirst() {
      if argument == "-h" || argument == "--help" { throw .help(help(for: verb)) }
      guard argument.hasPrefix("--") else {
        guard let key = verb.argument?.key, !argumentGiven else {
          throw .usage(error("Unexpected argument '\(argument)'", verb))
        }
        parsed.values[keyPath: key] = argument
        argumentGiven = true
        continue
      }
      let (name, attached) = split(argument.dropFirst(2))
      guard let option = options.first(where: { $0.name == name }) else {
        throw .usage(error("Unknown option '--\(name)'", verb))
      }
      if !parsed.given.contains(where: { $0.name == name }) { parsed.given.append(option) }
      switch option.value {
      case .flag(let key):
        guard attached == nil else {
          throw .usage(error("The flag '--\(name)' takes no value", verb))
        }
        parsed.values[keyPath: key] = true
      case .choice(let choice):
        guard attached == nil else {
          throw .usage(error("The flag '--\(name)' takes no value", verb))
        }
        choice.set(&parsed.values)
      case .one(_, let key):
        parsed.values[keyPath: key] = try value(of: option, attached, &rest, verb)
      case .list(_, let key):
        parsed.values[keyPath: key].append(try value(of: option, attached, &rest, verb))
      case .count(_, let key, let minimum):
        let given = try value(of: option, attached, &rest, verb)
        guard let count = Int(given), count >= minimum else {
          throw .usage(
            error("'--\(name)' takes a whole number of at least \(minimum), not '\(given)'", verb))
        }
        parsed.values[keyPath: key] = count
      }
    }
    if let missing = options.first(where: { option in
      option.isRequired && !parsed.given.contains { $0.name == option.name }
    }) {
      throw .usage(error("Missing expected argument '\(missing.spelling)'", verb))
    }
    if let argument = verb.argument, !argumentGiven {
      throw .usage(error("Missing expected argument '<\(argument.name)>'", verb))
    }
    if let message = excluded(parsed.given, in: verb.verb) { throw .usage(error(message, verb)) }
    return parsed
  }

  /// What is wrong when these options are given together to a verb (or one without another it
  /// needs), if anything.
  func excluded(_ given: [Option], in verb: VerbName) -> String? {
    let names = Set(given.map(\.name))
    let chosen = given.compactMap { option -> String? in
      if case .choice(let choice) = option.value { return choice.reason }
      return nil
    }
    if let twice = chosen.first(where: { reason in chosen.filter { $0 == reason }.count > 1 }) {
      return twice
    }
    for requirement in requirements
    where names.contains(requirement.option.name) && !names.contains(requirement.needs.name) {
      return "--\(requirement.option.name) goes only with --\(requirement.needs.name)"
    }
    for exclusion in exclusions where exclusion.verbs.isEmpty || exclusion.verbs.contains(verb) {
      guard let one = exclusion.these.first(where: { names.contains($0.name) }),
        let other = exclusion.others.first(where: { names.contains($0.name) })
      else { continue }
      return exclusion.reason ?? "--\(one.name) does not go with --\(other.name)"
    }
    return nil
  }

  private func value(
    of option: Option, _ attached: String?, _ rest: inout ArraySlice<String>, _ verb: Verb
  ) throws(Failure) -> String {
    if let attached { return attached }
    guard let value = rest.first, !value.hasPrefix("--") else {
      throw .usage(error("Missing value for '\(option.spelling)'", verb))
    }
    rest.removeFirst()
    return value
  }

  private func verb(named name: String) -> Verb? { verbs.first { $0.name == name } }

  /// `name=value` as its two parts; a name alone with no value.
  private func split(_ text: Substring) -> (String, String?) {
    guard let equals = text.firstIndex(of: "=") else { return (String(text), nil) }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }

  private func error(_ message: String, _ verb: Verb? = nil) -> String {
    let usage = verb.map(usage(of:)) ?? "\(command) <subcommand>"
    let more = verb.map { "\(command) \($0.name) --help" } ?? "\(command) --help"
    return "Error: \(message)\nUsage: \(usage)\n  See '\(more)' for more information."
  }

  private func usage(of verb: Verb) -> String {
    let options = options(of: verb).map { option in
      option.isRequired ? option.spelling : "[\(option.spelling)\(option.repeats ? " ..." : "")]"
    }
    let argument = verb.argument.map { ["<\($0.name)>"] } ?? []
    return ([command, verb.name] + options + argument).joined(separator: " ")
  }

  func help() -> String {
    let width = (verbs.map(\.name.count).max() ?? 0) + 2
    let lines = verbs.map { "  " + $0.name.padding(width) + $0.abstract }
    return """
      OVERVIEW: \(abstract)

      \(discussion)

      USAGE: \(command) <subcommand>

      SUBCOMMANDS:
      \(lines.joined(separator: "\n"))

        See '\(command) help <subcommand>' for detailed help.
      """
  }

  func help(for verb: Verb) -> String {
    var entries = verb.argument.map { [("<\($0.name)>", $0.help)] } ?? []
    entries += options(of: verb).map { ($0.spelling, $0.help) }
    entries.append(("-h, --help", "Show help information."))
    let indent = String(repeating: " ", count: 26)
    let lines = entries.map { name, help in
      let text = Self.wrapped(help, width: 80 - indent.count).joined(separator: "\n" + indent)
      return name.count < 24 ? "  " + name.padding(24) + text : "  \(name)\n" + indent + text
    }
    return """
      OVERVIEW: \(Self.wrapped(verb.abstract, width: 70).joined(separator: "\n"))

      USAGE: \(usage(of: verb))

      OPTIONS:
      \(lines.joined(separator: "\n"))
      """
  }

  /// A verb's options as the docs list them: a Markdown table, an option a row.
  func markdownTable(for verb: Verb) -> String {
    let rows = options(of: verb).map { option in
      "| `\(option.spelling)`\(option.repeats ? " …" : "") | \(option.help) |"
    }
    return (["| option | what it does |", "| --- | --- |"] + rows).joined(separator: "\n")
  }
}

extension CommandLineGrammar {
  /// A text's words in lines of at most `width` characters (a longer word alone on its line).
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + (line.isEmpty ? [] : [line])
  }
}

extension String {
  /// The text followed by spaces up to `width` characters.
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(width - count, 1))
  }
}

/// Where an option's value goes in a grammar's `Values`: the same for every grammar over
/// them, whatever its verbs.
enum CommandLineValue<Values: Sendable>: Sendable {
  case flag(any WritableKeyPath<Values, Bool> & Sendable)
  /// A value, named in the help; given twice, the last one wins.
  case one(String, any WritableKeyPath<Values, String?> & Sendable)
  /// A value that repeats: each one is kept, in order.
  case list(String, any WritableKeyPath<Values, [String]> & Sendable)
  /// A whole number of at least `minimum`: anything else is a usage error.
  case count(String, any WritableKeyPath<Values, Int?> & Sendable, minimum: Int)
  /// One of several values of one setting, each an option of its own (`--diff`, `--new`,
  /// `--old`): given two of them, a usage error says the choice's reason.
  case choice(Choice)

  /// `value` for the setting at `key`; `reason` names the options it is chosen among.
  static func choice<Setting: Equatable & Sendable>(
    _ value: Setting, _ key: any WritableKeyPath<Values, Setting?> & Sendable,
    among reason: String
  ) -> CommandLineValue {
    .choice(
      Choice(
        reason: reason, set: { $0[keyPath: key] = value },
        isSet: { $0[keyPath: key] == value }))
  }

  /// What a ``choice(_:)`` option sets, and the reason two of its kind do not go together
  /// (the choice's one name).
  struct Choice: Sendable {
    var reason: String
    var set: @Sendable (inout Values) -> Void
    var isSet: @Sendable (Values) -> Bool
  }
}
