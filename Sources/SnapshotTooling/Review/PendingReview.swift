import Foundation
@_spi(Tooling) import Snapshots

/// Deciding pending changes: one at a time in the terminal (`--review`), or by id
/// (`--accept ID…`, `--reject ID…`), for a tool or an agent that read `pending --json`.
struct PendingReview {
  var packageDirectory: URL
  var origin: PendingChanges.Origin
  var includeInterrupted = false
  var print: (String) -> Void

  typealias ExitCode = SnapshotsCommand.ExitCode

  private func load() -> PendingChanges? {
    do {
      let pending = try PendingChanges(
        packageDirectory: packageDirectory, origin: origin,
        includeInterrupted: includeInterrupted)
      for run in pending.interrupted {
        print(
          "Not shown: \(counted(run.entries.count, "record")) of \(run.directory.lastPathComponent), a run whose tests did not finish (interrupted or crashed); --include-interrupted shows them."
        )
      }
      for problem in pending.problems { print("Refused \(problem)") }
      return pending
    } catch {
      print("error: \(error)")
      return nil
    }
  }

  /// Shows each pending change in the terminal and applies the keys' decisions as they come.
  func review() -> ExitCode {
    guard let pending = load() else { return .refused }
    guard pending.count > 0 else {
      print("No pending snapshots to review.")
      return .success
    }
    let terminal: ReviewTerminal
    do {
      terminal = try ReviewTerminal()
    } catch {
      print("error: \(error)")
      return .usage
    }
    // The screen is the terminal itself, whatever standard output is.
    let colored = Terminal.allowsColor
    let packageDirectory = packageDirectory
    var session = ReviewSession(pending) { change in
      GalleryLink(packageDirectory: packageDirectory).open(change)
    }
    while !session.isFinished {
      let size = terminal.size
      terminal.draw(session.screen(width: size.width, height: size.height, colored: colored))
      guard let key = terminal.readKey() else { break }
      session.handle(key, pageSize: size.height - 9)
    }
    terminal.restore()
    session.summary.forEach(print)
    let refused = session.states.values.contains {
      if case .refused = $0 { return true }
      return false
    }
    return refused ? .refused : .success
  }

  /// Serves the review on the loopback address and applies the page's decisions as they come,
  /// until the page finishes it or the tool is stopped (Ctrl-C: ``ChildProcesses``).
  func reviewInBrowser() -> ExitCode {
    guard let pending = load() else { return .refused }
    guard pending.count > 0 else {
      print("No pending snapshots to review.")
      return .success
    }
    let server: LoopbackServer
    do {
      server = try LoopbackServer()
    } catch {
      print("error: \(error)")
      return .refused
    }
    var routes = BrowserReviewRoutes(
      review: BrowserReview(pending), token: BrowserReviewRoutes.newToken(), port: server.port)
    print(
      "Reviewing \(counted(pending.count, "pending change")) in the browser: open \(routes.address)"
    )
    print("Ctrl-C ends the review; what is not decided stays pending.")
    server.serve { routes.respond(to: $0) }
    print(routes.review.summary)
    return routes.review.refusals.isEmpty ? .success : .refused
  }

  /// Accepts and rejects what these ids name: a change whole, or a group's hunk in each of its
  /// changes.
  ///
  /// What else a group's changes change stays pending. An id that names nothing, or a change
  /// named on both sides, is a usage error, and then nothing changes.
  func decide(accepting accepted: [String], rejecting rejected: [String]) -> ExitCode {
    guard var pending = load() else { return .refused }
    let toAccept: (changes: [PendingChange], groups: [ChangeGroup])
    let toReject: (changes: [PendingChange], groups: [ChangeGroup])
    do {
      toAccept = try pending.resolve(accepted)
      toReject = try pending.resolve(rejected)
    } catch {
      print("error: \(error); nothing was changed")
      return .usage
    }
    if let both = Self.namedTwice(toAccept, toReject) {
      print("error: \(both) is both accepted and rejected; nothing was changed")
      return .usage
    }
    var tally = Tally()
    for (group, accepting) in toAccept.groups.map({ ($0, true) })
      + toReject.groups.map({ ($0, false) })
    {
      for decision in pending.decide(group, accepting: accepting) {
        tally.count(decision, print: print)
      }
    }
    for change in toAccept.changes {
      switch pending.accept(change) {
      case .written(let report):
        tally.count(.init(id: change.id, outcome: .accepted(report)), print: print)
      case .refused(let reasons):
        tally.count(.init(id: change.id, outcome: .refused(reasons)), print: print)
      }
    }
    for change in toReject.changes {
      pending.reject(change)
      let what = change.oldFile.map { pending.relative($0.path) } ?? "the test source"
      print("Rejected \(change.id): \(what) stays as it is")
      tally.rejected += 1
    }
    let inPart =
      tally.inPart > 0 ? " (\(tally.inPart) of them in part: the rest stays pending)" : ""
    print(
      "Accepted \(tally.accepted), rejected \(tally.rejected)\(inPart); \(counted(pending.count, "change")) left pending."
    )
    return tally.refusals > 0 ? .refused : .success
  }

  /// A change named whole on one side and whole or by a group on the other, or a group named on
  /// both: its id. (A change's two hunks may go each its own way.)
  private static func namedTwice(
    _ accepted: (changes: [PendingChange], groups: [ChangeGroup]),
    _ rejected: (changes: [PendingChange], groups: [ChangeGroup])
  ) -> String? {
    let acceptedGroups = Set(accepted.groups.map(\.id))
    if let group = rejected.groups.first(where: { acceptedGroups.contains($0.id) }) {
      return group.id
    }
    let whole = (Set(accepted.changes.map(\.id)), Set(rejected.changes.map(\.id)))
    let byGroup = (
      Set(accepted.groups.flatMap(\.members)), Set(rejected.groups.flatMap(\.members))
    )
    return whole.0.first { whole.1.contains($0) || byGroup.1.contains($0) }
      ?? whole.1.first { byGroup.0.contains($0) }
  }

  /// What the decisions of one command came to, for its last line.
  private struct Tally {
    var accepted = 0
    var rejected = 0
    var inPart = 0
    var refusals = 0

    mutating func count(_ decision: PendingChanges.GroupDecision, print: (String) -> Void) {
      switch decision.outcome {
      case .accepted(let report), .partlyAccepted(let report):
        RunSummary(report: report, dryRun: false).lines.dropLast().forEach(print)
        accepted += 1
      case .rejected:
        print("Rejected \(decision.id): its reference or literal stays as it is")
        rejected += 1
      case .partlyRejected:
        print("Rejected a part of \(decision.id): the rest stays pending")
        rejected += 1
      case .refused(let reasons):
        refusals += 1
        for reason in reasons { print("Refused \(decision.id): \(reason)") }
      }
      if decision.isPart { inPart += 1 }
    }
  }
}
