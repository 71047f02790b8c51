import Foundation
@_spi(Tooling) import Snapshots

/// The changes a package's pending store (or CI shards' folders) holds, one per target, in
/// source order; accepting one applies it through ``RunApplier``, rejecting one deletes its
/// records, and whatever is not decided stays pending.
struct PendingChanges {
  /// Where the records are.
  enum Origin: Equatable {
    /// The package's store: a decision removes the records it settles.
    case store
    /// CI shards' folders, which are the user's downloads: left as they are.
    case shards([URL])

    /// The shards `--from` named, or the store when it named none.
    init(shards: [URL]) { self = shards.isEmpty ? .store : .shards(shards) }
  }

  let packageDirectory: URL
  let origin: Origin
  /// In source order.
  var changes: [PendingChange] { order.compactMap { byID[$0] } }
  /// The ids in source order, decided ones too; ``byID`` holds those still pending, so that a
  /// decision costs the same however many changes there are.
  private var order: [String] = []
  private var byID: [String: PendingChange] = [:]
  /// The ids of each test source's changes, decided ones too: an inline accept moves them.
  private var bySource: [String: [String]] = [:]
  /// Every record of each target, older runs' too: a decision settles them all.
  private var records: [String: [PendingRun.Entry]]
  /// The sources applying has written (the runs' journals), so that a rewritten source is known.
  private(set) var writtenSources: Set<String>
  /// The store's runs whose tests did not finish, left out unless asked for.
  private(set) var interrupted: [PendingRun] = []
  /// Records of shards that could not be placed in this package, or that conflict, and record
  /// files that cannot be read: what is refused, as `path: why`.
  private(set) var problems: [String] = []

  /// The test sources' declarations, read once for all the accepts.
  private let declarations = TestDeclarations()

  var applier: RunApplier {
    RunApplier(
      packageDirectory: packageDirectory, dryRun: false, policy: .init(partialRun: true),
      declarations: declarations)
  }

  /// Reads what is pending.
  ///
  /// A file change whose reference already holds its bytes (an accept
  /// stopped before its record was removed) is settled on the way.
  init(
    packageDirectory: URL, origin: Origin, includeInterrupted: Bool = false
  ) throws {
    self.packageDirectory = packageDirectory
    self.origin = origin
    var all: [PendingRun.Entry] = []
    let merged: PendingRun
    switch origin {
    case .store:
      let store = PendingStore.defaultDirectory(packageRoot: packageDirectory)
      var runs = try PendingStore.runs(in: store).map(PendingRun.load)
      (runs, interrupted) = RefusalPolicy(includeInterrupted: includeInterrupted).partition(runs)
      all = runs.flatMap(\.entries)
      merged = PendingRun.merging(runs)
    case .shards(let folders):
      let result = try ShardMerge(packageDirectory: packageDirectory, filter: nil).merge(folders)
      problems = result.unplaced + result.conflicts
      all = result.run.entries
      merged = result.run
    }
    problems += merged.damaged.map { damaged in
      "\(RunApplier.relative(damaged.url.path, in: packageDirectory)): \(RefusalPolicy.Refusal.recordDamaged(damaged.reason))"
    }
    records = Dictionary(grouping: all, by: \.record.target)
    writtenSources = merged.writtenSources
    var changes: [PendingChange] = []
    for entry in merged.entries {
      let change = PendingChange(entry)
      if change.status == .changed, change.kind == .file {
        let (old, new) = change.contents()
        if old != nil, old == new {
          settle(change.target)
          continue
        }
      }
      changes.append(change)
    }
    changes.sort(by: Self.sourceOrder)
    order = changes.map(\.id)
    byID = Dictionary(changes.map { ($0.id, $0) }) { first, _ in first }
    for change in changes {
      bySource[change.record.sourceLocation.file, default: []].append(change.id)
    }
  }

  /// How many changes are pending.
  var count: Int { byID.count }

  /// The pending change with this id, as it is now (an accept may have moved it onto a
  /// rewritten source); `nil` once it is decided.
  func change(id: String) -> PendingChange? { byID[id] }

  private static func sourceOrder(_ a: PendingChange, _ b: PendingChange) -> Bool {
    let (x, y) = (a.record.sourceLocation, b.record.sourceLocation)
    if x.file != y.file { return x.file < y.file }
    if x.line != y.line { return x.line < y.line }
    return a.target < b.target
  }

  /// What became of an accepted change.
  enum Accepted {
    /// Written: the files (or source) it changed.
    case written(RunApplier.Report)
    /// Refused, and still pending: why.
    case refused([String])
  }

  /// Applies one change through the same applier as `snapshot-record`: atomic writes,
  /// refusals, the run's journal; the other changes of its source are moved onto the text it
  /// wrote.
  mutating func accept(_ change: PendingChange) -> Accepted {
    // As it is now: an earlier accept may have moved it onto a rewritten source.
    let change = byID[change.id] ?? change
    let report = write(change.entry, of: change)
    guard report.refused.isEmpty else {
      return .refused(report.refused.map { "\($0.path): \($0.reason)" })
    }
    settle(change.target)
    byID[change.id] = nil
    if change.kind == .inline { reload(source: change.record.sourceLocation.file) }
    return .written(report)
  }

  /// Writes `entry` (a change's record, or a part of it) through the applier, moving the other
  /// changes of its source onto the text it wrote; settles nothing.
  mutating func write(_ entry: PendingRun.Entry, of change: PendingChange) -> RunApplier.Report {
    // Only a rewritten source moves the records left beside it.
    let others =
      change.kind == .inline
      ? (bySource[change.record.sourceLocation.file] ?? []).compactMap {
        $0 == change.id ? nil : byID[$0]?.entry
      } : []
    let run = PendingRun(
      directory: change.entry.url.deletingLastPathComponent(), entries: [entry],
      usedReferences: [], writtenSources: writtenSources)
    let report = applier.apply(run, leaving: others)
    if report.refused.isEmpty, case .inline(let call) = entry.record,
      let text = try? String(contentsOfFile: call.sourceFile, encoding: .utf8)
    {
      writtenSources.insert(ContentHash.of(text))
    }
    return report
  }

  /// Deletes a change's records (in the store); never a reference or a source.
  mutating func reject(_ change: PendingChange) {
    settle(change.target)
    byID[change.id] = nil
  }

  /// Removes every record of a target from the store.
  mutating func settle(_ target: String) {
    if origin == .store { records[target]?.forEach(PendingRun.remove) }
    records[target] = nil
  }

  /// Reads again the inline records of one test source, which an accept moved onto the text
  /// it wrote. (Its file records only got the new text's hash, which ``writtenSources`` holds.)
  mutating func reload(source: String) {
    let decoder = JSONDecoder()
    for id in bySource[source] ?? [] {
      guard let change = byID[id], change.kind == .inline,
        let record = try? PendingRun.record(at: change.entry.url, decoder: decoder)
      else { continue }
      var entry = change.entry
      entry.record = record
      byID[id] = PendingChange(entry)
    }
  }

  /// Reads again the records of these changes, which a decision on a part of each rewrote.
  mutating func reload(_ ids: Set<String>) {
    let decoder = JSONDecoder()
    for id in ids {
      guard let change = byID[id],
        let record = try? PendingRun.record(at: change.entry.url, decoder: decoder)
      else { continue }
      byID[id] = PendingChange(PendingRun.Entry(record: record, url: change.entry.url))
    }
  }

  /// An id a command was given that names no pending change, or more than one.
  enum UnknownID: Error, Equatable, CustomStringConvertible {
    /// Shorter than ``PendingChange/shortestPrefix``: too short to name one change for long.
    case tooShort(String)
    case unknown(String)
    /// A prefix of several ids (changes' or groups'): those ids, sorted.
    case ambiguous(String, ids: [String])

    var description: String {
      switch self {
      case .tooShort(let id):
        "the id \(id) is too short: give at least \(PendingChange.shortestPrefix) characters of a change's id (\(PendingChange.idLength) hex digits) or of a group's (\(ChangeGroup.idPrefix) and \(PendingChange.idLength - 1) hex digits), as snapshot-record --pending lists them"
      case .unknown(let id):
        "no pending snapshot has the id \(id) (snapshot-record --pending lists them)"
      case .ambiguous(let id, let ids):
        "the id \(id) is the start of \(ids.count) ids (\(ids.prefix(3).joined(separator: ", "))\(ids.count > 3 ? ", …" : "")); give more of it"
      }
    }
  }

  /// What these ids (or unique prefixes of at least ``PendingChange/shortestPrefix``
  /// characters) name, each once, in their order: changes, and groups (``ChangeGroup``), whose
  /// deciding decides their hunk in each of their changes.
  func resolve(_ ids: [String]) throws(UnknownID) -> (
    changes: [PendingChange], groups: [ChangeGroup]
  ) {
    let groups = ids.contains(where: ChangeGroup.isGroupID) ? ChangeGroup.of(changes) : []
    var found: (changes: [PendingChange], groups: [ChangeGroup]) = ([], [])
    var seen: Set<String> = []
    for given in ids {
      let id = given.lowercased()
      guard id.count >= PendingChange.shortestPrefix else { throw .tooShort(given) }
      func one<Named>(_ named: [Named], _ idOf: (Named) -> String) throws(UnknownID) -> Named? {
        guard named.count == 1 else {
          throw named.isEmpty ? .unknown(given) : .ambiguous(given, ids: named.map(idOf).sorted())
        }
        return seen.insert(idOf(named[0])).inserted ? named[0] : nil
      }
      if ChangeGroup.isGroupID(id) {
        if let group = try one(groups.filter { $0.id.hasPrefix(id) }, \.id) {
          found.groups.append(group)
        }
      } else if let change = try one(
        // A whole id is the start of no other (all have one length): thousands of ids given
        // then cost no scan each.
        byID[id].map { [$0] } ?? order.compactMap { $0.hasPrefix(id) ? byID[$0] : nil }, \.id)
      {
        found.changes.append(change)
      }
    }
    return found
  }

  /// A path as the package's users write it.
  func relative(_ path: String) -> String {
    RunApplier.relative(path, in: packageDirectory)
  }
}
