import Foundation
@_spi(Tooling) import Snapshots

/// Deciding a group (``ChangeGroup``): exactly its hunk in each of its changes, through the
/// same writes and refusals as a whole change; the terminal review, `--accept`/`--reject` and
/// the browser review all decide a group here.
extension PendingChanges {
  /// What a group's decision did to one of its changes.
  struct GroupDecision {
    enum Outcome {
      /// The group's hunks were all the change's: accepted whole, and settled.
      case accepted(RunApplier.Report)
      /// Rejected whole: its records are gone, its reference or source left as it is.
      case rejected
      /// The group's hunks were written; the rest stays pending under the same id.
      case partlyAccepted(RunApplier.Report)
      /// The group's hunks were dropped from the pending value; the rest stays pending.
      case partlyRejected
      /// Nothing was changed for it: why. It stays pending whole.
      case refused([Refused])
    }

    /// The change's id.
    var id: String
    var outcome: Outcome

    /// Whether it decided a part of the change, which stays pending.
    var isPart: Bool {
      switch outcome {
      case .partlyAccepted, .partlyRejected: true
      default: false
      }
    }
  }

  /// Accepts or rejects the group's hunk in each of its changes still pending.
  ///
  /// A change the hunk is all of is decided whole (``accept(_:)``, ``reject(_:)``). Otherwise,
  /// accepting writes the reference (or the inline literal) with that hunk applied and the
  /// others not, so that the pending value is what is left to decide; rejecting gives the
  /// pending value the other hunks only, and leaves the reference. Either way the smaller
  /// change keeps its id, and ``changes`` holds it as it now is.
  mutating func decide(_ group: ChangeGroup, accepting: Bool) -> [GroupDecision] {
    var outcomes: [String: GroupDecision.Outcome] = [:]
    var decided: [String] = []
    // File changes the hunk is all of, accepted together at the end: one apply reads each
    // test source once, however many of its references the group writes.
    var wholeFiles: [PendingChange] = []
    for id in group.members {
      // Its record as it is now: an accept of another change may have moved an inline one.
      guard var change = change(id: id) else { continue }
      decided.append(id)
      if change.kind == .inline, let record = try? PendingRun.record(at: change.entry.url) {
        change.entry.record = record
      }
      if accepting, change.kind == .file, let hunks = hunks(of: change)?.hunks,
        Self.hunk(group.key, isAllOf: hunks)
      {
        wholeFiles.append(change)
      } else {
        outcomes[id] = decide(group.key, in: change, accepting: accepting)
      }
    }
    for (id, accepted) in accept(wholeFiles) {
      switch accepted {
      case .written(let report): outcomes[id] = .accepted(report)
      case .refused(let reasons): outcomes[id] = .refused(reasons)
      }
    }
    let decisions = decided.compactMap { id in
      outcomes[id].map { GroupDecision(id: id, outcome: $0) }
    }
    reload(Set(decisions.filter(\.isPart).map(\.id)))
    return decisions
  }

  /// Whether the hunk `key` is all a change changes: the change is then decided whole.
  private static func hunk(_ key: String, isAllOf hunks: [TextHunks.Hunk]) -> Bool {
    !hunks.isEmpty && hunks.allSatisfy { $0.key == key }
  }

  private mutating func decide(_ key: String, in change: PendingChange, accepting: Bool)
    -> GroupDecision.Outcome
  {
    let applier = applier
    let refusal = { (refusal: Refusal) in
      GroupDecision.Outcome.refused([
        Refused(path: applier.relative(change.entry.url.path), refusal: refusal)
      ])
    }
    guard let hunks = hunks(of: change), hunks.hunks.contains(where: { $0.key == key }) else {
      return refusal(.hunkGone)
    }
    if Self.hunk(key, isAllOf: hunks.hunks) {
      guard accepting else {
        reject(change)
        return .rejected
      }
      switch accept(change) {
      case .written(let report): return .accepted(report)
      case .refused(let reasons): return .refused(reasons)
      }
    }
    guard origin == .store else { return refusal(.partOfShard) }
    // A part of damaged bytes would be damaged too, and written back with a digest of its own.
    if case .file(let file) = change.record,
      case .failure(let damaged) = applier.checkedData(
        of: file, in: change.entry.url.deletingLastPathComponent())
    {
      return refusal(damaged)
    }
    let part = hunks.applying { ($0.key == key) == accepting }
    do {
      if accepting { return try acceptPart(part, of: change) }
      try rejectPart(leaving: part, of: change)
      return .partlyRejected
    } catch {
      return refusal(.notWritten("\(error)"))
    }
  }

  /// Writes `text` (the old one with the group's hunk applied) where the change writes, and
  /// keeps what is left pending.
  private mutating func acceptPart(_ text: String, of change: PendingChange) throws
    -> GroupDecision.Outcome
  {
    var entry = change.entry
    switch change.record {
    case .file(let file):
      // The part is written as a pending record of its own, so that the applier checks it as
      // any other; the change's own record, now from the part to the whole, stays as it is.
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "snapshots-part-\(PendingStore.uniqueName())")
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: scratch) }
      var part = try PendingStore.write(Data(text.utf8), of: file, named: "part", in: scratch)
      part.dataFile = scratch.appendingPathComponent(part.dataFile).path
      entry.record = .file(part)
      let report = write(entry, of: change)
      guard report.refused.isEmpty else {
        return .refused(report.refused)
      }
      return .partlyAccepted(report)
    case .inline(var call):
      let original = change.record
      let before = try String(contentsOfFile: call.sourceFile, encoding: .utf8)
      call.newText = text
      entry.record = .inline(call)
      // What is left (from the literal the part writes to the whole new text, on the source
      // the part writes) is recorded first: an accept stopped once the source is written then
      // finds it, whose hash the run's journal holds, rather than the whole change taken as done.
      if case .rewritten(let after, _, _) = SourceRewrite.apply(
        [call], to: before, written: writtenSources),
        case .inline(var rest) = original
      {
        rest.oldText = text
        guard let moved = SourceRewrite.rebase([rest], from: before, to: after)[0] else {
          return .refused([
            Refused(
              path: relative(call.sourceFile), refusal: .callNotFoundAfterRewrite(line: call.line))
          ])
        }
        try PendingStore.replace(change.entry.url, with: .inline(moved))
      }
      let report = write(entry, of: change)
      guard report.refused.isEmpty else {
        try PendingStore.replace(change.entry.url, with: original)
        return .refused(report.refused)
      }
      reload(source: call.sourceFile)
      return .partlyAccepted(report)
    }
  }

  /// Gives the change's pending value `text` (the old one with every hunk but the group's),
  /// leaving its reference or source as it is.
  private func rejectPart(leaving text: String, of change: PendingChange) throws {
    switch change.record {
    case .file(let file):
      try PendingStore.replaceData(of: change.entry.url, record: file, with: Data(text.utf8))
    case .inline(var call):
      call.newText = text
      try PendingStore.replace(change.entry.url, with: .inline(call))
    }
  }
}
