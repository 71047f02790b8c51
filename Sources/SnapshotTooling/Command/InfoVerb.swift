import Foundation

/// `snapshots info FILE`: where a PNG reference was recorded (its environment fingerprint).
public struct InfoVerb: Equatable, Sendable {
  public var file: URL

  static let grammar = CommandLineGrammar.Verb(
    name: "info",
    abstract: "Print where a PNG reference was recorded (its environment fingerprint).",
    options: [], argument: ("file", "The reference file."))

  init(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) {
    file = URL(fileURLWithPath: parsed.argument ?? "", relativeTo: currentDirectory)
  }

  func run(print: @escaping (String) -> Void, tooling: (any SourceTooling)?)
    -> SnapshotsCommand.ExitCode
  {
    guard let tooling else { return SnapshotsCommand.needsSourceTooling("info", print: print) }
    return tooling.info(self, print: print)
  }
}
