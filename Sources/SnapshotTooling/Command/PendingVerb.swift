import Foundation
@_spi(Tooling) import Snapshots

/// `snapshots pending`: what is waiting to be accepted or rejected, a line each (the groups of
/// changes that share a hunk first), or as JSON (`--json`, ``PendingListing``) for an
/// editor or an agent.
enum PendingVerb {
  static func run(_ options: ToolOptions, print: (String) -> Void) -> SnapshotsCommand.ExitCode {
    var pending: PendingChanges
    do {
      pending = try PendingChanges(
        packageDirectory: options.package, origin: .init(shards: options.shards),
        includeInterrupted: options.includeInterrupted)
    } catch {
      print("error: \(error)")
      return .refused
    }
    if options.json {
      print(PendingListing(pending).json())
      return .success
    }
    for group in pending.groups() {
      print("\(group.id)  group    \(group.headline)")
    }
    for change in pending.changes {
      let location = change.record.sourceLocation
      let place: String
      switch change.record {
      case .file(let file): place = pending.relative(file.referencePath)
      case .inline: place = "inline"
      }
      print(
        "\(change.id)  \(change.status.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(pending.relative(location.file)):\(location.line)  \(change.testName)  \(place)"
      )
    }
    for problem in pending.problems { print("Refused \(problem)") }
    print(
      pending.changes.isEmpty
        ? "No pending snapshots."
        : "\(counted(pending.count, "pending change")): --show ID, --accept ID…, --reject ID…, or --review."
    )
    return .success
  }
}
