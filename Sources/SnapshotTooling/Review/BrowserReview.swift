import Foundation
@_spi(Tooling) import Snapshots

/// A review of pending changes in a browser (`snapshot-record --review --browser`): the
/// changes and their groups as the page lists them, each change's detail when the page asks,
/// and decisions applied as they come, through ``PendingChanges`` as the terminal review's are.
///
/// Accepting writes at once, so a review that is stopped (Ctrl-C, a closed tab) keeps every
/// decision made so far, and what nobody decided stays pending.
struct BrowserReview {
  typealias State = ReviewSession.State

  enum Decision: String, Codable {
    case accept, reject, skip
  }

  private(set) var pending: PendingChanges
  /// The changes the review started with, in order; decided ones stay listed.
  let changes: [PendingChange]
  /// The groups of the changes still pending, worked out again after each group's decision:
  /// what is left of its changes may share a hunk with others.
  private(set) var groups: [ChangeGroup]
  private(set) var states: [String: State]
  /// Each change's place in ``changes``, and each group's in ``groups``.
  private let changeIndex: [String: Int]
  private var groupIndex: [String: Int]

  init(_ pending: PendingChanges) {
    var pending = pending
    groups = pending.groups()
    self.pending = pending
    changes = pending.changes
    states = Dictionary(uniqueKeysWithValues: changes.map { ($0.id, .pending) })
    changeIndex = Dictionary(uniqueKeysWithValues: changes.enumerated().map { ($1.id, $0) })
    groupIndex = Self.indexed(groups)
  }

  /// Whether a change may still be decided: pending, skipped, or refused.
  private func isOpen(_ id: String) -> Bool {
    switch states[id] {
    case .pending, .skipped, .refused: true
    default: false
    }
  }

  /// A change as it is now: a change still pending is read from the store's view, which
  /// follows an inline change onto the source an accept rewrote.
  func change(_ id: String) -> PendingChange? {
    guard let index = changeIndex[id] else { return nil }
    return pending.change(id: id) ?? changes[index]
  }

  /// Applies `decision` to a change, or to a group: its hunk in each of its open changes
  /// (``PendingChanges/decide(_:accepting:)``), what is left of them staying pending.
  ///
  /// Returns the states of the changes it decided, and whether the groups changed; `nil` for an
  /// id that names neither.
  mutating func decide(_ id: String, _ decision: Decision) -> (
    states: [String: State], regrouped: Bool
  )? {
    if let index = groupIndex[id] {
      var group = groups[index]
      group.members = group.members.filter(isOpen)
      guard decision != .skip else { return (skip(group.members), false) }
      var decided: [String: State] = [:]
      for outcome in pending.decide(group, accepting: decision == .accept) {
        switch outcome.outcome {
        case .accepted: states[outcome.id] = .accepted
        case .rejected: states[outcome.id] = .rejected
        case .partlyAccepted, .partlyRejected: states[outcome.id] = .pending
        case .refused(let refused): states[outcome.id] = .refused(refused)
        }
        decided[outcome.id] = states[outcome.id]
      }
      groups = pending.groups()
      groupIndex = Self.indexed(groups)
      return (decided, true)
    }
    guard changeIndex[id] != nil else { return nil }
    guard isOpen(id), let change = change(id) else { return ([:], false) }
    switch decision {
    case .skip: return (skip([id]), false)
    case .reject:
      pending.reject(change)
      states[id] = .rejected
    case .accept:
      switch pending.accept(change) {
      case .written: states[id] = .accepted
      case .refused(let refused): states[id] = .refused(refused)
      }
    }
    return ([id: states[id] ?? .pending], false)
  }

  private mutating func skip(_ ids: [String]) -> [String: State] {
    for id in ids { states[id] = .skipped }
    return Dictionary(uniqueKeysWithValues: ids.map { ($0, State.skipped) })
  }

  private static func indexed(_ groups: [ChangeGroup]) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1.id, $0) })
  }

  /// What the review did, on one line.
  ///
  /// `Review in the browser: accepted 3, rejected 1, skipped 1; 2 changes left pending.`
  var summary: String {
    let counts = ReviewSession.tallied(states.values)
    let left = states.keys.filter(isOpen).count
    return
      "Review in the browser: accepted \(counts[.accepted] ?? 0), rejected \(counts[.rejected] ?? 0), skipped \(counts[.skipped] ?? 0); "
      + (left == 0
        ? "nothing left pending."
        : "\(counted(left, "change")) left pending (--review shows \(left == 1 ? "it" : "them") again).")
  }

  // MARK: - What the page reads

  /// A part of the list: a row per change (`[id, state, status, format, test, place]`, compact
  /// at 100,000), the first part with the groups and their members' ids, so that the page draws
  /// its first screen before the rest has come.
  struct Listing: Encodable {
    var package: String
    /// How many changes the whole list has.
    var total: Int
    var rows: [[String]]
    var groups: [Group]
    var refusals: [String: String]

    struct Group: Encodable {
      var id: String
      var headline: String
      var removed: [String]
      var added: [String]
      var members: [String]
    }
  }

  /// Lines of a group shown on the page at most; the headline counts them all.
  static let groupLines = 40

  /// The rows of the changes from `start`, `count` of them at most.
  func listing(from start: Int, count: Int) -> Listing {
    let range =
      min(max(start, 0), changes.count)..<min(max(start, 0) + max(count, 0), changes.count)
    let rows = changes[range].map { change in
      [
        change.id, (states[change.id] ?? .pending).kind.rawValue, change.status.rawValue,
        change.format, change.testName, place(of: change),
      ].map { ControlCharacters.escaped($0) }
    }
    return Listing(
      package: pending.packageDirectory.lastPathComponent, total: changes.count, rows: rows,
      groups: range.lowerBound > 0 ? [] : listedGroups, refusals: refusals)
  }

  /// The groups as the page lists them.
  var listedGroups: [Listing.Group] {
    groups.map { group in
      Listing.Group(
        id: group.id, headline: ControlCharacters.escaped(group.headline),
        removed: group.removed.prefix(Self.groupLines).map { ControlCharacters.escaped($0) },
        added: group.added.prefix(Self.groupLines).map { ControlCharacters.escaped($0) },
        members: group.members)
    }
  }

  /// Why each refused change was refused.
  var refusals: [String: String] {
    states.compactMapValues { state in
      if case .refused(let refused) = state {
        return ControlCharacters.escaped(refused.described)
      }
      return nil
    }
  }

  /// Where a change is written: its reference, or its test source's line.
  private func place(of change: PendingChange) -> String {
    switch change.record {
    case .file(let file): return pending.relative(file.referencePath)
    case .inline(let call): return "\(pending.relative(call.sourceFile)):\(call.line)"
    }
  }

  /// One change as the page shows it: its header, and its diff and sides when they are text,
  /// or which images it has.
  struct Detail: Encodable {
    var id: String
    var header: [String]
    /// `[class, text]` per line, classed as the gallery classes them.
    var diff: [[String]]?
    var old: String?
    var new: String?
    var summary: String?
    /// The images the page can ask for: `old`, `new`, `difference`.
    var images: [String]
  }

  func detail(_ id: String) -> Detail? {
    guard let change = change(id) else { return nil }
    let header = ChangeView(change: change, pending: pending, colored: false)
      .header(position: nil).map { ControlCharacters.escaped($0) }
    var detail = Detail(id: id, header: header, images: [])
    if case .file(let file) = change.record { detail.summary = file.summary }
    guard change.format != "png" else {
      detail.images = ImageSide.allCases.filter { file(of: change, $0) != nil }.map(\.rawValue)
      return detail
    }
    let (old, new) = change.contents()
    let oldText = old.flatMap { String(data: $0, encoding: .utf8) }
    let newText = new.flatMap { String(data: $0, encoding: .utf8) }
    guard (old == nil || oldText != nil) && (new == nil || newText != nil) else {
      detail.summary = ChangeView(change: change, pending: pending, colored: false)
        .body(.diff).joined(separator: "\n")
      return detail
    }
    detail.diff = UnifiedDiff.forReview(colored: false)
      .linesWithHints(old: oldText ?? "", new: newText ?? "")
      .map { [GalleryPage.diffClass($0.kind), ControlCharacters.escaped($0.text)] }
    detail.old = oldText.map { ControlCharacters.escaped($0) }
    detail.new = newText.map { ControlCharacters.escaped($0) }
    return detail
  }

  enum ImageSide: String, CaseIterable {
    case old, new, difference
  }

  /// An image of a PNG change, only when it lies inside the package: the page can ask for no
  /// other file.
  func file(of change: PendingChange, _ side: ImageSide) -> URL? {
    guard change.format == "png" else { return nil }
    let url: URL?
    switch side {
    case .old: url = change.oldFile
    case .new: url = change.newFile
    case .difference:
      guard case .file(let file) = change.record, let first = file.artifacts?.first else {
        return nil
      }
      url = URL(fileURLWithPath: first)
    }
    guard let resolved = url?.resolvingSymlinksInPath().standardizedFileURL else { return nil }
    let package = pending.packageDirectory.resolvingSymlinksInPath().standardizedFileURL.path
    guard resolved.path.hasPrefix(package + "/"),
      FileManager.default.fileExists(atPath: resolved.path)
    else { return nil }
    return resolved
  }
}
