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
    guard !pending.changes.isEmpty else {
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
    guard !pending.changes.isEmpty else {
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
      "Reviewing \(counted(pending.changes.count, "pending change")) in the browser: open \(routes.address)"
    )
    print("Ctrl-C ends the review; what is not decided stays pending.")
    server.serve { routes.respond(to: $0) }
    print(routes.review.summary)
    return routes.review.refusals.isEmpty ? .success : .refused
  }

  /// Accepts and rejects the changes these ids name; an id that names none is a usage error,
  /// and then nothing changes.
  func decide(accepting accepted: [String], rejecting rejected: [String]) -> ExitCode {
    guard var pending = load() else { return .refused }
    let toAccept: [PendingChange]
    let toReject: [PendingChange]
    do {
      toAccept = try pending.resolve(accepted)
      toReject = try pending.resolve(rejected)
    } catch {
      print("error: \(error); nothing was changed")
      return .usage
    }
    if let both = toAccept.first(where: { change in toReject.contains { $0.id == change.id } }) {
      print("error: \(both.id) is both accepted and rejected; nothing was changed")
      return .usage
    }
    var refusals = 0
    for change in toAccept {
      switch pending.accept(change) {
      case .written(let report):
        RunSummary(report: report, dryRun: false).lines.dropLast().forEach(print)
      case .refused(let reasons):
        refusals += 1
        for reason in reasons { print("Refused \(change.id): \(reason)") }
      }
    }
    for change in toReject {
      pending.reject(change)
      let what = change.oldFile.map { pending.relative($0.path) } ?? "the test source"
      print("Rejected \(change.id): \(what) stays as it is")
    }
    print(
      "Accepted \(toAccept.count - refusals), rejected \(toReject.count); \(counted(pending.changes.count, "change")) left pending."
    )
    return refusals > 0 ? .refused : .success
  }
}
