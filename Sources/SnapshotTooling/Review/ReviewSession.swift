import Foundation
@_spi(Tooling) import Snapshots

/// A review of pending changes, one at a time (`snapshot-record --review`): what each key does
/// and what the screen shows, apart from the terminal, so that a test can drive it with keys.
///
/// Groups of changes that share a hunk (``ChangeGroup``) come first, each decided with one key
/// (its hunk in each change; what else a change changes is shown after the groups) or opened
/// (`e`) to be decided one by one with the rest.
///
/// Accepting writes at once (through ``PendingChanges/accept(_:)``), so a review that is stopped
/// keeps every decision made so far, and the next one shows only what is left.
@_spi(Tooling) public struct ReviewSession {
  enum State: Equatable {
    case pending, skipped, accepted, rejected
    /// Accepting was refused (its source changed since the run, say): still pending.
    case refused([Refused])

    /// A state without its reasons, as the reviews count and name it (the browser's page
    /// reads these names).
    enum Kind: String {
      case pending, accepted, rejected, skipped, refused
    }

    var kind: Kind {
      switch self {
      case .pending: .pending
      case .skipped: .skipped
      case .accepted: .accepted
      case .rejected: .rejected
      case .refused: .refused
      }
    }
  }

  /// How many changes are in each kind of state.
  static func tallied(_ states: some Sequence<State>) -> [State.Kind: Int] {
    states.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
  }

  private(set) var pending: PendingChanges
  /// The changes the review started with, in order; decided ones stay here to be looked at.
  private var changes: [PendingChange]
  /// Where each change is in ``changes``: a group's members are found without a scan.
  private let positions: [String: Int]
  /// Each group's place rows by group id and width (``placeRows(of:width:)``), shared by copies.
  private let placeRowsByGroup = Locked<[String: [String]]>([:])
  private(set) var states: [String: State]
  private(set) var index = 0
  /// The groups, shown first; ``group`` is the one on screen, `nil` once they are done.
  private let groups: [ChangeGroup]
  private var group: Int?
  private(set) var mode = ChangeView.Mode.diff
  private var scroll = 0
  private var message: String?
  private var showsHelp = false
  /// Whether the review is over: every change decided or skipped, or `q`.
  public private(set) var isFinished = false
  /// What the accepted changes wrote: reference files, and inline snapshots per source.
  private var recorded: [String] = []
  private var rewritten: [(file: String, count: Int)] = []
  /// The changes a group decided a part of, their other hunks left for after.
  private var decidedInPart: Set<String> = []
  /// Writes the gallery; the line that says where it is.
  var openGallery: (PendingChange) -> String

  init(_ pending: PendingChanges, openGallery: @escaping (PendingChange) -> String) {
    var pending = pending
    groups = pending.groups()
    self.pending = pending
    let changes = pending.changes
    self.changes = changes
    positions = Dictionary(changes.indices.map { (changes[$0].id, $0) }) { first, _ in first }
    states = Dictionary(uniqueKeysWithValues: changes.map { ($0.id, .pending) })
    self.openGallery = openGallery
    group = groups.isEmpty ? nil : 0
    isFinished = changes.isEmpty
  }

  /// A review of what the package's store holds, as `snapshot-record --review --apply-only`
  /// starts it (the benchmarks drive it with keys).
  public init(packageDirectory: URL) throws {
    self.init(
      try PendingChanges(packageDirectory: packageDirectory, origin: .store),
      openGallery: { _ in "" })
  }

  /// Handles the key typed as `byte`.
  public mutating func handle(byte: UInt8) { handle(ReviewKey(byte)) }

  private var current: PendingChange {
    // A change still pending is read from the store's view, which follows moves.
    pending.change(id: changes[index].id) ?? changes[index]
  }

  /// A group's changes, in the review's order.
  private func members(of group: ChangeGroup) -> [PendingChange] {
    group.members.compactMap { positions[$0] }.sorted().map { changes[$0] }
  }

  private func isOpen(_ id: String) -> Bool {
    switch states[id] {
    case .pending, .skipped, .refused: return true
    default: return false
    }
  }

  /// Handles one key; `pageSize` is how many body lines the screen shows.
  mutating func handle(_ key: ReviewKey, pageSize: Int = 20) {
    guard !isFinished else { return }
    if showsHelp {
      showsHelp = false
      return
    }
    message = nil
    if let group {
      handle(key, inGroup: groups[group])
      return
    }
    switch key {
    case .accept: decide(current, accepting: true, advance: true)
    case .reject: decide(current, accepting: false, advance: true)
    case .skip:
      if isOpen(current.id) { states[current.id] = .skipped }
      advance()
    case .acceptRest, .rejectRest:
      for change in changes where states[change.id] == .pending {
        decide(change, accepting: key == .acceptRest, advance: false)
      }
      advance()
    case .next: move(by: 1)
    case .previous: move(by: -1)
    case .switchView:
      let modes = ChangeView.Mode.allCases
      mode = modes[((modes.firstIndex(of: mode) ?? 0) + 1) % modes.count]
      scroll = 0
    case .openGallery: message = openGallery(current)
    case .quit: isFinished = true
    case .help: showsHelp = true
    case .scrollDown: scroll += 1
    case .scrollUp: scroll = max(0, scroll - 1)
    case .pageDown: scroll += max(1, pageSize - 1)
    case .ignored, .each: break
    }
  }

  /// A key on a group's screen: `a` and `r` decide its hunk in each of its changes still
  /// pending, `s` skips them, `e` leaves them for one by one.
  private mutating func handle(_ key: ReviewKey, inGroup group: ChangeGroup) {
    var open = group
    open.members = group.members.filter { states[$0] == .pending }
    switch key {
    case .accept, .reject: decide(open, accepting: key == .accept)
    case .skip: open.members.forEach { states[$0] = .skipped }
    case .acceptRest, .rejectRest:
      for change in changes where states[change.id] == .pending {
        decide(change, accepting: key == .acceptRest, advance: false)
      }
    case .each: break
    case .quit: isFinished = true
    case .help: showsHelp = true
    default:
      message = "On a group: a, r, s or e (each change, one by one)."
      return
    }
    nextGroup()
  }

  /// Goes to the next group with a change still pending; after the last, to the first change
  /// still pending, or the end.
  private mutating func nextGroup() {
    var next = (group ?? groups.count) + 1
    while next < groups.count, !groups[next].members.contains(where: { states[$0] == .pending }) {
      next += 1
    }
    guard next >= groups.count else {
      group = next
      return
    }
    group = nil
    scroll = 0
    if let first = changes.indices.first(where: { states[changes[$0].id] == .pending }) {
      index = first
    } else {
      isFinished = true
    }
  }

  private mutating func decide(_ change: PendingChange, accepting: Bool, advance then: Bool) {
    guard isOpen(change.id) else {
      message =
        "This change is already \(states[change.id] == .accepted ? "accepted" : "rejected")."
      return
    }
    if accepting {
      switch pending.accept(change) {
      case .written(let report):
        states[change.id] = .accepted
        note(report)
      case .refused(let refused):
        states[change.id] = .refused(refused)
        message = "Not accepted: \(refused.described)"
        return
      }
    } else {
      pending.reject(change)
      states[change.id] = .rejected
    }
    if then { advance() }
  }

  /// Decides the group's hunk in each of its changes (``PendingChanges/decide(_:accepting:)``):
  /// a change it is all of is decided; what is left of the others stays pending, to be
  /// reviewed after the groups.
  private mutating func decide(_ group: ChangeGroup, accepting: Bool) {
    var refusals: [Refused] = []
    for decision in pending.decide(group, accepting: accepting) {
      switch decision.outcome {
      case .accepted(let report):
        states[decision.id] = .accepted
        note(report)
      case .rejected: states[decision.id] = .rejected
      case .partlyAccepted(let report):
        decidedInPart.insert(decision.id)
        note(report)
      case .partlyRejected: decidedInPart.insert(decision.id)
      case .refused(let refused):
        states[decision.id] = .refused(refused)
        refusals += refused
      }
    }
    if !refusals.isEmpty {
      message = "Not decided for \(counted(refusals.count, "change")): \(refusals[0])"
    }
  }

  /// Counts what an accept wrote, for the summary.
  private mutating func note(_ report: RunApplier.Report) {
    recorded += report.recorded
    for file in report.rewritten {
      if let at = rewritten.firstIndex(where: { $0.file == file.file }) {
        rewritten[at].count += file.count
      } else {
        rewritten.append((file.file, file.count))
      }
    }
  }

  /// Goes to the next change still pending, after this one and then from the start; the review
  /// ends when there is none.
  private mutating func advance() {
    let order = Array(changes.indices[(index + 1)...]) + Array(changes.indices[...index])
    guard let next = order.first(where: { states[changes[$0].id] == .pending }) else {
      isFinished = true
      return
    }
    index = next
    scroll = 0
  }

  private mutating func move(by step: Int) {
    let target = index + step
    guard changes.indices.contains(target) else {
      message = step > 0 ? "This is the last change." : "This is the first change."
      return
    }
    index = target
    scroll = 0
  }

  /// The screen for a terminal of `width` × `height`: every line fits one row.
  public func screen(width: Int, height: Int, colored: Bool) -> [String] {
    let fit = { (line: String) in TerminalLine.fit(line, width: width) }
    guard !changes.isEmpty else { return ["No pending snapshots to review."] }
    if showsHelp {
      return (["Keys:"] + ReviewKey.helpLines.map { "  " + $0 }).map(fit)
    }
    if let group {
      return groupScreen(
        groups[group], number: group, width: width, height: height, colored: colored)
    }
    let change = current
    let view = ChangeView(change: change, pending: pending, colored: colored)
    var position = "[\(index + 1)/\(changes.count)]"
    switch states[change.id] {
    case .accepted: position += " accepted"
    case .rejected: position += " rejected"
    case .skipped: position += " skipped"
    case .refused: position += " refused"
    default: break
    }
    let header =
      view.header(position: position) + [
        "View:      \(mode.rawValue) (d switches)   \(tally)", "",
      ]
    let footer = [
      message ?? "",
      "a accept · r reject · s skip · A accept rest · R reject rest · n/p next/previous · d view · o gallery · q quit · ? help",
    ]
    let room = max(1, height - header.count - footer.count)
    let body = view.body(mode).flatMap { TerminalLine.wrap($0, width: width) }
    let start = min(scroll, max(0, body.count - 1))
    var shown = Array(body.dropFirst(start).prefix(room))
    if body.count - start > room {
      shown.removeLast()
      shown.append("… \(body.count - start - room + 1) more lines: j or space scrolls")
    }
    shown += Array(repeating: "", count: room - shown.count)
    return header.map(fit) + shown + footer.map(fit)
  }

  /// A group's screen: its lines, then where they change.
  private func groupScreen(
    _ group: ChangeGroup, number: Int, width: Int, height: Int, colored: Bool
  ) -> [String] {
    let paint = { (text: String, colour: Terminal.Colour) in
      Terminal.paint(text, colour, if: colored)
    }
    let header = [
      paint("[group \(number + 1)/\(groups.count)]", .bold)
        + "  the same change in \(group.members.count) references  id \(group.id)",
      tally, "",
    ]
    let lines =
      group.removed.map { paint("-" + $0, .red) }
      + group.added.map { paint("+" + $0, .green) }
    let footer = [
      message ?? "",
      "a accept all \(group.members.count) · r reject all · s skip · e each, one by one · A/R accept/reject rest · q quit · ? help",
    ]
    let room = max(1, height - header.count - footer.count)
    let head = lines.flatMap { TerminalLine.wrap($0, width: width) }
    let places = placeRows(of: group, width: width)
    let count = head.count + places.count
    var body = Array((head + places.prefix(room)).prefix(room))
    if count > room {
      body = Array(body.prefix(room - 1)) + ["… \(count - room + 1) more lines"]
    }
    body += Array(repeating: "", count: room - body.count)
    return header.map { TerminalLine.fit($0, width: width) } + body
      + footer.map { TerminalLine.fit($0, width: width) }
  }

  /// The rows under a group's lines: where they change, wrapped to `width`.
  ///
  /// They stay the same while the group is on screen, which every key draws again: each
  /// group's are worked out once per width.
  private func placeRows(of group: ChangeGroup, width: Int) -> [String] {
    let key = "\(group.id) \(width)"
    if let rows = placeRowsByGroup.withLock({ $0[key] }) { return rows }
    let places = members(of: group).map { change in
      let location = change.record.sourceLocation
      switch change.record {
      case .file(let file): return "  " + pending.relative(file.referencePath)
      case .inline: return "  inline, \(pending.relative(location.file)):\(location.line)"
      }
    }
    let rows = (["", "In:"] + places).flatMap { TerminalLine.wrap($0, width: width) }
    placeRowsByGroup.withLock { $0[key] = rows }
    return rows
  }

  /// `3 pending · 2 accepted · 1 rejected · 1 skipped`.
  private var tally: String {
    var counts = Self.tallied(states.values)
    // A refused change is still pending.
    counts[.pending, default: 0] += counts.removeValue(forKey: .refused) ?? 0
    return [State.Kind.pending, .accepted, .rejected, .skipped].compactMap { kind in
      counts[kind].map { "\($0) \(kind.rawValue)" }
    }.joined(separator: " · ")
  }

  /// What the review did, for after it: what was written, then the counts.
  var summary: [String] {
    var lines = recorded.map { "Recorded \($0)" }
    lines += rewritten.map { "Rewrote \(counted($0.count, "inline snapshot")) in \($0.file)" }
    let count = { (wanted: State) in self.states.values.filter { $0 == wanted }.count }
    let left = states.keys.filter(isOpen).count
    var total =
      "Review: accepted \(count(.accepted)), rejected \(count(.rejected)), skipped \(count(.skipped))"
    total +=
      left == 0
      ? "; nothing left pending."
      : "; \(counted(left, "change")) left pending (--review shows \(left == 1 ? "it" : "them") again)."
    if !decidedInPart.isEmpty {
      lines.append(
        "Groups decided a part of \(counted(decidedInPart.count, "change")); the rest of each was left to decide on its own."
      )
    }
    lines.append(total)
    for change in changes {
      if case .refused(let refused) = states[change.id] {
        lines.append("Refused \(change.id): \(refused.described)")
      }
    }
    return lines
  }
}
