import Foundation
@_spi(Tooling) import Snapshots

/// The runs of several CI shards (each a folder that `SNAPSHOTS_PENDING_DIRECTORY` pointed at,
/// downloaded), joined into one run to apply in the local package.
///
/// Within a shard the newest run wins, as for a local store. Paths are moved from the checkout
/// the shard ran in to the local package: the shard's root is found from its records' test
/// files, by the longest path that exists here. Between shards, one reference or inline call
/// recorded with different contents is a conflict: it is listed with both shards' names and
/// nothing of it is applied; the same contents twice are applied once. The shards' reference
/// logs, joined, tell orphans when every shard shows a complete run.
struct ShardMerge {
  var packageDirectory: URL
  /// `--filter`: only the records it takes are merged; the others are ``Result/left``.
  var filter: RecordFilter? = nil

  struct Result {
    var run: PendingRun
    /// The targets shards recorded different contents for.
    var conflicts: [Refused]
    /// Shards whose paths could not be placed in this package.
    var unplaced: [Refused]
    /// Shards that do not show a complete run (a test process that logged references did not
    /// end normally, or none logged): orphans cannot be told while there are any.
    var incomplete: [String]
    /// Records the filter left out, placed in this package.
    var left: [PendingRun.Entry] = []
  }

  struct Shard {
    var name: String
    var run: PendingRun
  }

  func merge(_ folders: [URL]) throws -> Result {
    var shards: [Shard] = []
    var unplaced: [Refused] = []
    var incomplete: [String] = []
    var left: [PendingRun.Entry] = []
    for folder in folders {
      let runs = PendingStore.isRun(folder) ? [folder] : PendingStore.runs(in: folder)
      let run = try PendingRun.merging(runs.map(PendingRun.load))
      if !run.complete { incomplete.append(folder.lastPathComponent) }
      guard var moved = placed(run) else {
        unplaced.append(Refused(path: folder.path, refusal: .shardNotHere))
        continue
      }
      if let filter {
        let split = filter.split(moved)
        moved = split.taken
        left += split.left
      }
      shards.append(Shard(name: folder.lastPathComponent, run: moved))
    }
    var byTarget: [String: [(shard: String, entry: PendingRun.Entry)]] = [:]
    var order: [String] = []
    for shard in shards {
      for entry in shard.run.entries {
        let target = entry.record.target
        if byTarget[target] == nil { order.append(target) }
        byTarget[target, default: []].append((shard.name, entry))
      }
    }
    var entries: [PendingRun.Entry] = []
    var conflicts: [Refused] = []
    for target in order {
      guard let found = byTarget[target] else { continue }
      let names = found.map(\.shard)
      let shardNames = names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      if let refusal = RefusalPolicy.shards(
        shardNames, contents: found.map { content(of: $0.entry) })
      {
        conflicts.append(Refused(path: describe(found[0].entry.record), refusal: refusal))
        continue
      }
      // One shard's records as they are (a loop's are refused later); across shards, once.
      entries += shardNames.count > 1 ? [found[0].entry] : found.map(\.entry)
    }
    // The apply journals of earlier applies of these shards (a filtered one, one that stopped)
    // say which texts they wrote.
    var run = PendingRun(
      directory: shards.last?.run.directory ?? packageDirectory, entries: entries,
      usedReferences: shards.reduce(into: []) { $0.formUnion($1.run.usedReferences) },
      writtenSources: shards.reduce(into: []) { $0.formUnion($1.run.writtenSources) })
    // A reference in conflict in any shard is in conflict in all.
    run.conflicted = shards.flatMap(\.run.conflicted)
    run.setConflicts(shards.reduce(into: []) { $0.formUnion($1.run.conflicts) })
    return Result(
      run: run, conflicts: conflicts, unplaced: unplaced, incomplete: incomplete, left: left)
  }

  /// What a record writes, to compare across shards: an inline call's text, a file's bytes.
  private func content(of entry: PendingRun.Entry) -> Data {
    switch entry.record {
    case .inline(let call): return Data((call.newText.map { "text:" + $0 } ?? "removed").utf8)
    case .file(let file):
      let data = (try? AtomicFile.read(path: file.dataFile)) ?? nil
      return Data("data:".utf8) + (data ?? Data())
    }
  }

  private func describe(_ record: PendingRecord) -> String {
    let applier = RunApplier(packageDirectory: packageDirectory, dryRun: true)
    switch record {
    case .file(let file): return applier.relative(file.referencePath)
    case .inline(let call): return "\(applier.relative(call.sourceFile)):\(call.line) (inline)"
    }
  }

  /// The run with its paths moved into this package, or `nil` when no test file of it is here.
  private func placed(_ run: PendingRun) -> PendingRun? {
    let sources = (run.entries + run.conflicted).map(\.record.sourceLocation.file)
      .filter { !$0.isEmpty }
    guard let root = sources.lazy.compactMap(shardRoot).first else {
      return sources.isEmpty ? run : nil
    }
    let local = packageDirectory.standardizedFileURL.path
    func move(_ path: String) -> String {
      path.hasPrefix(root + "/") ? local + path.dropFirst(root.count) : path
    }
    func moveEntry(_ entry: PendingRun.Entry) -> PendingRun.Entry {
      var entry = entry
      switch entry.record {
      case .inline(var call):
        call.sourceFile = move(call.sourceFile)
        entry.record = .inline(call)
      case .file(var file):
        file.referencePath = move(file.referencePath)
        file.sourceFile = move(file.sourceFile)
        entry.record = .file(file)
      }
      return entry
    }
    var moved = run
    moved.entries = run.entries.map(moveEntry)
    moved.conflicted = run.conflicted.map(moveEntry)
    moved.conflicts = Set(run.conflicts.map(move))
    moved.usedReferences = Set(run.usedReferences.map(move))
    return moved
  }

  /// The folder a shard's package was checked out in, from one of its test files' paths: the
  /// prefix whose remainder names a file in this package (`/home/runner/work/App/App` for
  /// `/home/runner/work/App/App/Tests/AppTests/T.swift` when `Tests/AppTests/T.swift` is here).
  private func shardRoot(_ sourceFile: String) -> String? {
    let components = sourceFile.split(separator: "/", omittingEmptySubsequences: true)
    for start in components.indices {
      let rest = components[start...].joined(separator: "/")
      if FileManager.default.fileExists(atPath: packageDirectory.appendingPathComponent(rest).path)
      {
        return "/" + components[..<start].joined(separator: "/")
      }
    }
    return nil
  }
}
