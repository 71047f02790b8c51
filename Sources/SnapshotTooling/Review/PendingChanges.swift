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
  /// The hunks of the changes pending once worked out (``hunks(of:)``), until a decision or a
  /// reload changes the change (``update(_:to:)``) or its reference file changes: an accept of
  /// a group diffs each of its changes once, to find the group and to decide it.
  private var hunksByID: [String: KnownHunks] = [:]
  /// The ids of each test source's changes, decided ones too: an inline accept moves them.
  private var bySource: [String: [String]] = [:]
  /// Every record of each target, older runs' too: a decision settles them all.
  private var records: [String: [PendingRun.Entry]]
  /// The sources applying has written (the runs' journals), so that a rewritten source is known.
  private(set) var writtenSources: Set<String>
  /// The store's runs whose tests did not finish, left out unless asked for.
  private(set) var interrupted: [PendingRun] = []
  /// Records of shards that could not be placed in this package, or that conflict, and record
  /// files that cannot be read: what is refused, and where.
  private(set) var problems: [Refused] = []

  /// Writes what is accepted, reading each test source's declarations once for all the
  /// accepts.
  let applier: RunApplier
  /// What the last `--stability` check found, by snapshot (``StabilityReport/summaries()``),
  /// to say which changes are of snapshots that varied between runs.
  private let unstableSnapshots: [String: String]

  /// Reads what is pending.
  ///
  /// A file change whose reference already holds its bytes, or whose bytes are gone and
  /// the reference holds the ones its record names (an accept stopped before its record was
  /// removed), is settled on the way.
  init(
    packageDirectory: URL, origin: Origin, includeInterrupted: Bool = false
  ) throws {
    self.packageDirectory = packageDirectory
    self.origin = origin
    unstableSnapshots = StabilityReport.read(in: packageDirectory)?.summaries() ?? [:]
    applier = RunApplier(
      packageDirectory: packageDirectory, dryRun: false, policy: .init(partialRun: true),
      declarations: TestDeclarations(), movesData: origin == .store)
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
      Refused(
        path: RunApplier.relative(damaged.url.path, in: packageDirectory),
        refusal: .recordDamaged(damaged.reason))
    }
    records = Dictionary(grouping: all, by: \.record.target)
    writtenSources = merged.writtenSources
    // Each change is read on every core; a file change whose reference already holds its bytes
    // is done.
    let applier = applier
    let read = merged.entries.concurrentMap { entry in
      let change = PendingChange(entry)
      guard change.status == .changed, case .file(let file) = change.record,
        Self.mayHold(file.referencePath, size: file.dataSize)
      else { return (change, done: false) }
      let (old, new) = change.contents()
      let done =
        old != nil
        && (old == new
          || new == nil
            && (try? applier.checkedData(of: file, in: entry.url.deletingLastPathComponent())
              .get()) != nil)
      return (change, done: done)
    }
    settle(read.filter(\.done).map(\.0.target))
    let changes = Self.inSourceOrder(read.filter { !$0.done }.map(\.0))
    order = changes.map(\.id)
    byID = Dictionary(changes.map { ($0.id, $0) }) { first, _ in first }
    for change in changes {
      bySource[change.record.sourceLocation.file, default: []].append(change.id)
    }
  }

  /// Whether the file at `path` may hold `size` bytes (any, when the size is not known): a
  /// reference of another size is not settled, and need not be read to know it.
  private static func mayHold(_ path: String, size: Int?) -> Bool {
    var info = stat()
    guard let size, stat(path, &info) == 0 else { return true }
    return Int(info.st_size) == size
  }

  /// `unstable: …` for a change whose snapshot the last `--stability` check saw vary.
  func unstable(_ change: PendingChange) -> String? {
    unstableSnapshots[StabilityReport.place(of: change.record)]
  }

  /// How many changes are pending.
  var count: Int { byID.count }

  /// The pending change with this id, as it is now (an accept may have moved it onto a
  /// rewritten source); `nil` once it is decided.
  func change(id: String) -> PendingChange? { byID[id] }

  /// `changes` by test source, line, then target.
  ///
  /// The keys are taken out once: a comparison of two changes would copy their records, which
  /// sorting tens of thousands does about a million times. A source is compared by its rank
  /// among the sources: a few hundred paths are sorted, not one per change.
  private static func inSourceOrder(_ changes: [PendingChange]) -> [PendingChange] {
    let files = changes.map(\.record.sourceLocation.file)
    let rank = Dictionary(
      uniqueKeysWithValues: Set(files).sorted().enumerated().map { ($1, $0) })
    let keys = changes.indices.map {
      (rank[files[$0]] ?? 0, changes[$0].record.sourceLocation.line)
    }
    let targets = changes.map(\.target)
    return changes.indices.sorted { a, b in
      keys[a] != keys[b] ? keys[a] < keys[b] : targets[a] < targets[b]
    }.map { changes[$0] }
  }

  /// What became of an accepted change.
  enum Accepted {
    /// Written: the files (or source) it changed.
    case written(RunApplier.Report)
    /// Refused, and still pending: why.
    case refused([Refused])
  }

  /// Applies one change through the same applier as `snapshot-record`: atomic writes,
  /// refusals, the run's journal; the other changes of its source are moved onto the text it
  /// wrote.
  mutating func accept(_ change: PendingChange) -> Accepted {
    accept([change])[0].accepted
  }

  /// Applies changes as ``accept(_:)-(PendingChange)`` does, and says what became of each, in
  /// their order.
  ///
  /// File changes go through one apply per run folder, which reads each test source once
  /// however many references it writes: a group of thousands costs its writes. An inline
  /// change is applied alone, since it moves the others of its source.
  mutating func accept(_ changes: [PendingChange]) -> [(id: String, accepted: Accepted)] {
    // As they are now: an earlier accept may have moved one onto a rewritten source.
    let changes = changes.map { byID[$0.id] ?? $0 }
    var outcomes: [String: Accepted] = [:]
    for change in changes where change.kind == .inline {
      outcomes[change.id] = accept(inline: change)
    }
    let files = changes.filter { $0.kind == .file }
    for batch in files.groupedInOrder(by: { OrphanScan.split($0.entry.url.path).folder }) {
      let run = PendingRun(
        directory: URL(
          fileURLWithPath: OrphanScan.split(batch[0].entry.url.path).folder, isDirectory: true),
        entries: batch.map(\.entry), usedReferences: [], writtenSources: writtenSources)
      let report = applier.apply(run)
      let refused = Dictionary(grouping: report.refused, by: \.path)
      var settled: [String] = []
      for change in batch {
        guard case .file(let file) = change.record else { continue }
        let shown = relative(file.referencePath)
        if let reasons = refused[shown] {
          outcomes[change.id] = .refused(reasons)
          continue
        }
        settled.append(change.target)
        update(change.id, to: nil)
        var written = RunApplier.Report()
        written.recorded = [shown]
        outcomes[change.id] = .written(written)
      }
      settle(settled)
    }
    return changes.map { ($0.id, outcomes[$0.id] ?? .refused([])) }
  }

  /// Applies an inline change, moving the other changes of its source onto the text it wrote.
  private mutating func accept(inline change: PendingChange) -> Accepted {
    let report = write(change.entry, of: change)
    guard report.refused.isEmpty else {
      return .refused(report.refused)
    }
    settle(change.target)
    update(change.id, to: nil)
    reload(source: change.record.sourceLocation.file)
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
    update(change.id, to: nil)
  }

  /// A change as it now is, `nil` once decided; its hunks are worked out again when asked.
  private mutating func update(_ id: String, to change: PendingChange?) {
    byID[id] = change
    hunksByID[id] = nil
  }

  /// A pending change's hunks (``PendingChange/hunks()``), read and diffed once while it
  /// and its reference file stay as they are.
  mutating func hunks(of change: PendingChange) -> TextHunks? {
    if let known = hunksByID[change.id], known.reference == ReferenceState(of: change) {
      return known.hunks
    }
    let known = KnownHunks(change)
    if byID[change.id] != nil { hunksByID[change.id] = known }
    return known.hunks
  }

  /// The groups of the changes pending (``ChangeGroup/of(_:)``).
  ///
  /// The hunks not yet known, or whose reference changed since, are worked out on every core.
  mutating func groups() -> [ChangeGroup] {
    let changes = changes
    let unknown = changes.filter { change in
      hunksByID[change.id].map { $0.reference != ReferenceState(of: change) } ?? true
    }
    for (change, known) in zip(unknown, unknown.concurrentMap(KnownHunks.init)) {
      hunksByID[change.id] = known
    }
    return ChangeGroup.of(changes.map { ($0.id, hunksByID[$0.id]?.hunks) })
  }

  /// A change's hunks, with the state of the reference file they were read from (taken
  /// first): a reference edited since, by hand during a review, has them worked out again.
  private struct KnownHunks: Sendable {
    var reference: ReferenceState?
    var hunks: TextHunks?

    init(_ change: PendingChange) {
      reference = ReferenceState(of: change)
      hunks = change.hunks()
    }
  }

  /// A file change's reference as `stat` gives it: another size, time or file is another text.
  ///
  /// `nil` for an inline change (its texts are its record's) or a reference not there.
  private struct ReferenceState: Equatable, Sendable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int
    var file: UInt64

    init?(of change: PendingChange) {
      guard case .file(let record) = change.record else { return nil }
      var info = stat()
      guard stat(record.referencePath, &info) == 0 else { return nil }
      #if canImport(Darwin)
        let modified = info.st_mtimespec
      #else
        let modified = info.st_mtim
      #endif
      size = Int(info.st_size)
      seconds = Int(modified.tv_sec)
      nanoseconds = Int(modified.tv_nsec)
      file = UInt64(info.st_ino)
    }
  }

  /// Removes every record of a target from the store.
  mutating func settle(_ target: String) {
    settle([target])
  }

  /// ``settle(_:)-(String)`` for many targets at once: their records are removed on several
  /// threads, since each removal waits for the disk (a group's accept removes thousands).
  mutating func settle(_ targets: [String]) {
    let removed = targets.flatMap { records.removeValue(forKey: $0) ?? [] }
    if origin == .store {
      _ = removed.concurrentMap(threads: .fileSystemThreads, PendingRun.remove)
    }
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
      update(id, to: PendingChange(entry))
    }
  }

  /// Reads again the records of these changes, which a decision on a part of each rewrote.
  mutating func reload(_ ids: Set<String>) {
    let decoder = JSONDecoder()
    for id in ids {
      guard let change = byID[id],
        let record = try? PendingRun.record(at: change.entry.url, decoder: decoder)
      else { continue }
      update(id, to: PendingChange(PendingRun.Entry(record: record, url: change.entry.url)))
    }
  }

  /// What these ids (or unique prefixes of at least ``PendingChange/shortestPrefix``
  /// characters) name, each once, in their order: changes, and groups (``ChangeGroup``), whose
  /// deciding decides their hunk in each of their changes.
  mutating func resolve(_ ids: [String]) throws(UnknownID) -> (
    changes: [PendingChange], groups: [ChangeGroup]
  ) {
    let groups = ids.contains(where: ChangeGroup.isGroupID) ? groups() : []
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
  func relative(_ path: String) -> String { applier.relative(path) }
}
