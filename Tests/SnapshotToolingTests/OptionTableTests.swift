import Foundation
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The option table is the one declaration of every option: parsing, help, usage errors and
/// the docs' table are computed from it.
@Suite struct OptionTableTests {
  /// `RecordingAndCI.md` lists the plugin's options as the table declares them.
  @Test func theDocsTableIsTheTable() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Snapshots.docc/RecordingAndCI.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let grammar = PluginCommand.grammar
    let table = grammar.markdownTable(for: try #require(grammar.verbs.first))
    #expect(text.contains("\n" + table + "\n"), "RecordingAndCI.md should hold:\n\(table)")
  }

  /// Every verb an option selects goes before `record`, which runs when none is selected, and
  /// no two verbs tie.
  @Test func everySelectedVerbGoesBeforeRecord() {
    for entry in ToolOptions.table {
      #expect(
        entry.selects.map { $0.precedence < ToolVerb.record.precedence } ?? true,
        "\(entry.option.name)")
    }
    #expect(Set(ToolVerb.allCases.map(\.precedence)).count == ToolVerb.allCases.count)
  }

  struct Fixture: Sendable {
    var size: String?
    var colour: String?
  }

  enum FixtureVerb: String, Sendable {
    case draw
  }

  /// An option added to a table shows in parsing, help, usage errors and the docs' table, with
  /// no other edit.
  @Test func anAddedOptionShowsEverywhere() throws {
    typealias Grammar = CommandLineGrammar<Fixture, FixtureVerb>
    let size = Grammar.Option(
      name: "size", value: .one("n", \.size), help: "How big.", verbs: [.draw])
    var grammar = Grammar(
      command: "fixture", abstract: "A fixture.", discussion: "",
      verbs: [.init(verb: .draw, abstract: "Draw.")],
      options: [size], empty: Fixture())
    grammar.options.append(
      .init(name: "colour", value: .one("name", \.colour), help: "Which colour.", verbs: [.draw]))
    let parsed = try grammar.parse(["draw", "--colour", "red", "--size=2"])
    #expect(parsed.values.colour == "red" && parsed.values.size == "2")
    let verb = try #require(grammar.verbs.first)
    #expect(grammar.help(for: verb).contains("  --colour <name>         Which colour."))
    #expect(throws: Grammar.Failure.self) { try grammar.parse(["draw", "--colour"]) }
    do {
      _ = try grammar.parse(["draw", "--colour"])
    } catch {
      let message = error.description
      #expect(!error.isHelp && message.hasPrefix("Error: Missing value for '--colour <name>'"))
      #expect(message.contains("Usage: fixture draw [--size <n>] [--colour <name>]"))
    }
    #expect(grammar.markdownTable(for: verb).hasSuffix("| `--colour <name>` | Which colour. |"))
  }
}
