/// The `snapshots` command line's grammar: verbs, their options, and the parse of an argument
/// list against them, with the help and the usage errors it prints.
///
/// Kept here rather than taken from a parser package: every package that depends on this one
/// compiles the command plugins of all its dependencies on a clean build.
struct CommandLineGrammar {
  struct Option {
    /// The name without its dashes: `test-binary`.
    var name: String
    /// `nil` for a flag; else what the help calls the value.
    var value: String?
    var help: String
    var isRequired = false
    var repeats = false

    var spelling: String { value.map { "--\(name) <\($0)>" } ?? "--\(name)" }
  }

  struct Verb {
    var name: String
    var abstract: String
    var options: [Option]
    /// One positional argument, such as `info`'s file: its name and help.
    var argument: (name: String, help: String)?
  }

  var command: String
  var abstract: String
  var discussion: String
  var verbs: [Verb]

  /// What one argument list says: its verb, each option's values, the positional argument.
  struct Parsed {
    var verb: Verb
    var values: [String: [String]] = [:]
    var argument: String?

    func flag(_ name: String) -> Bool { values[name] != nil }
    func value(_ name: String) -> String? { values[name]?.last }
  }

  enum Failure: Error {
    /// Help was asked for: the text to print.
    case help(String)
    /// The arguments are wrong: the message to print.
    case usage(String)
  }

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
    var parsed = Parsed(verb: verb)
    while let argument = rest.popFirst() {
      if argument == "-h" || argument == "--help" { throw .help(help(for: verb)) }
      guard argument.hasPrefix("--") else {
        guard verb.argument != nil, parsed.argument == nil else {
          throw .usage(error("Unexpected argument '\(argument)'", verb))
        }
        parsed.argument = argument
        continue
      }
      let (name, attached) = split(argument.dropFirst(2))
      guard let option = verb.options.first(where: { $0.name == name }) else {
        throw .usage(error("Unknown option '--\(name)'", verb))
      }
      guard option.value != nil else {
        guard attached == nil else {
          throw .usage(error("The flag '--\(name)' takes no value", verb))
        }
        parsed.values[name] = []
        continue
      }
      guard let value = attached ?? rest.popFirst(), attached != nil || !value.hasPrefix("--")
      else { throw .usage(error("Missing value for '\(option.spelling)'", verb)) }
      if option.repeats, let earlier = parsed.values[name] {
        parsed.values[name] = earlier + [value]
      } else {
        parsed.values[name] = [value]
      }
    }
    if let missing = verb.options.first(where: { $0.isRequired && parsed.values[$0.name] == nil }) {
      throw .usage(error("Missing expected argument '\(missing.spelling)'", verb))
    }
    if let argument = verb.argument, parsed.argument == nil {
      throw .usage(error("Missing expected argument '<\(argument.name)>'", verb))
    }
    return parsed
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
    let options = verb.options.map { option in
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
    entries += verb.options.map { ($0.spelling, $0.help) }
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
