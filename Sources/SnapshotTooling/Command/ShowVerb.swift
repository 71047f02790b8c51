import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots show ID`: one pending change, as a review shows it (`--diff`, the default), or
/// the bytes of either side (`--new`, `--old`), to read or to save.
public struct ShowVerb: Equatable, Sendable {
  public var packageDirectory: URL
  public var shards: [URL]
  public var id: String
  var mode: ChangeView.Mode

  static let grammar = CommandLineGrammar.Verb(
    name: "show",
    abstract: "Show one pending change: its diff, or the new or old bytes alone.",
    options: [
      CommonOptions.packageDirectory, CommonOptions.from,
      .init(name: "diff", help: "Its header and diff (the default)."),
      .init(name: "new", help: "The bytes it would write, alone."),
      .init(name: "old", help: "The reference as it is, alone."),
    ],
    argument: ("id", "The change's id, or a unique prefix of it (snapshots pending lists them)."))

  init(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) {
    let package = CommonOptions.packageDirectory(parsed, currentDirectory: currentDirectory)
    packageDirectory = package
    shards = CommonOptions.shards(parsed, in: package)
    id = parsed.argument ?? ""
    mode = ChangeView.Mode.allCases.first { $0 != .diff && parsed.flag($0.rawValue) } ?? .diff
  }

  func run(
    print: (String) -> Void,
    write: (Data) -> Void = { FileHandle.standardOutput.write($0) }
  ) -> SnapshotsCommand.ExitCode {
    let change: PendingChange
    let pending: PendingChanges
    do {
      pending = try PendingChanges(
        packageDirectory: packageDirectory, origin: .init(shards: shards))
      guard let found = try pending.resolve([id]).first else { return .usage }
      change = found
    } catch let error as PendingChanges.UnknownID {
      print("error: \(error)")
      return .usage
    } catch {
      print("error: \(error)")
      return .refused
    }
    let (old, new) = change.contents()
    switch mode {
    case .new, .old:
      guard let data = mode == .new ? new : old else {
        print(
          "error: \(change.id) has no \(mode == .new ? "new value (its snapshot is removed)" : "reference yet")"
        )
        return .refused
      }
      write(data)
    case .diff:
      let colored = isatty(STDOUT_FILENO) != 0 && Terminal.allowsColor
      let view = ChangeView(change: change, pending: pending, colored: colored)
      (view.header(position: nil) + [""] + view.body(.diff)).forEach(print)
    }
    return .success
  }
}
