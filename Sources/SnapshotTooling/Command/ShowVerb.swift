import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots show ID`: one pending change, as a review shows it (`--diff`, the default), or
/// the bytes of either side (`--new`, `--old`), to read or to save.
enum ShowVerb {
  static func run(
    _ options: ToolOptions, print: (String) -> Void,
    write: (Data) -> Void = { FileHandle.standardOutput.write($0) }
  ) -> SnapshotsCommand.ExitCode {
    let mode = options.view ?? .diff
    let change: PendingChange
    var pending: PendingChanges
    do {
      pending = try PendingChanges(
        packageDirectory: options.package, origin: .init(shards: options.shards))
      // A group's id shows its first change.
      let named = try pending.resolve([options.required(\.changeID, "<id>")])
      guard
        let found = named.changes.first
          ?? named.groups.first?.members.first.flatMap({ id in
            pending.changes.first { $0.id == id }
          })
      else { return .usage }
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
      let view = ChangeView(
        change: change, pending: pending, colored: SnapshotsCommand.outputShowsColor)
      (view.header(position: nil) + [""] + view.body(.diff)).forEach(print)
    }
    return .success
  }
}
