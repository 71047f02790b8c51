import Foundation
@_spi(Tooling) import Snapshots

/// The records one run left in the pending store, and the references it used.
package struct PendingRun: Sendable {
  public struct Entry: Sendable {
    public var record: PendingRecord
    /// The record's own file, removed once it is applied.
    public var url: URL

    public init(record: PendingRecord, url: URL) {
      self.record = record
      self.url = url
    }

    /// The file that holds a file record's bytes, beside the record.
    public var dataURL: URL? {
      guard case .file(let file) = record, !file.dataFile.isEmpty else { return nil }
      return file.dataURL(in: url.deletingLastPathComponent())
    }
  }

  public var directory: URL
  /// In the order they were made; never a record of a reference in ``conflicts``.
  public var entries: [Entry]
  /// References two assertions resolved to (``PendingStore/conflictPrefix``): no record of
  /// them is ever applied, whatever the command.
  public var conflicts: Set<String> = []
  /// The records of those references, which are only ever removed with their run.
  public var conflicted: [Entry] = []
  /// Record files that do not read as records: every command that applies refuses them
  /// (``RefusalPolicy/Refusal/recordDamaged(_:)``) and keeps them for the user to read.
  public var damaged: [Damaged] = []

  /// A record file that could not be read, and why.
  public struct Damaged: Sendable, Equatable {
    public var url: URL
    public var reason: String
  }
  /// Every reference file an assertion used, when the run logged them.
  public var usedReferences: Set<String>
  /// The uses of those named after their test, with the test (``ReferenceUse/test``).
  public var testUses: [ReferenceUse] = []
  /// The hashes of test sources that applying this run already wrote (``journalName``): an
  /// apply that was stopped halfway leaves them, and the next one knows those files are done.
  public var writtenSources: Set<String>
  /// Whether every test process that wrote into this run (records, reference logs) ended
  /// normally (each leaves a ``PendingStore/finishedPrefix`` marker at exit); `false` when
  /// none wrote.
  public var complete = false

  /// Whether some of its test processes did not finish (interrupted, crashed) though it holds
  /// records, which may then be a part of what the tests would have left: `apply`, the review
  /// and the gallery leave such runs unless asked.
  public var isInterrupted: Bool { !complete && !entries.isEmpty }

  /// The run's write-ahead journal (``PendingStore/journalName``).
  public static let journalName = PendingStore.journalName

  public init(
    directory: URL, entries: [Entry], usedReferences: Set<String>, writtenSources: Set<String> = []
  ) {
    self.directory = directory
    self.entries = entries
    self.usedReferences = usedReferences
    self.writtenSources = writtenSources
  }

  /// Notes, before it is written, the hash of a source this run's apply rewrites.
  public func noteWritten(sourceHash: String) throws(AtomicFile.WriteError) {
    try AtomicFile.append(
      sourceHash, to: directory.appendingPathComponent(Self.journalName, isDirectory: false),
      synchronously: true)
  }

  public static func load(_ directory: URL) throws -> PendingRun {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    var entries: [Entry] = []
    var used: Set<String> = []
    var testUses: [ReferenceUse] = []
    var written: Set<String> = []
    var writingProcesses: Set<Substring> = []
    var finishedProcesses: Set<Substring> = []
    var conflicts: Set<String> = []
    var damaged: [Damaged] = []
    // The records, read on every core: a run of a large suite holds tens of thousands.
    let recordNames = names.filter { $0.hasSuffix("." + PendingStore.recordExtension) }
    let records = recordNames.concurrentMap { name in
      let url = directory.appendingPathComponent(name, isDirectory: false)
      return (url, Result { () throws(UnreadableRecord) in try record(at: url) })
    }
    for (name, (url, read)) in zip(recordNames, records) {
      if let process = PendingStore.process(ofUniqueName: name[...]) {
        writingProcesses.insert(process)
      }
      switch read {
      // Gone since it was listed (applied, or taken by another reader): not part of the run.
      case .success(nil): continue
      case .success(let record?): entries.append(Entry(record: record, url: url))
      case .failure(let error): damaged.append(Damaged(url: url, reason: error.reason))
      }
    }
    for name in names {
      let url = directory.appendingPathComponent(name)
      if name.hasSuffix("." + PendingStore.recordExtension) {
        continue
      } else if name.hasPrefix(PendingStore.usedPrefix) {
        let text = String(decoding: try AtomicFile.read(url) ?? Data(), as: UTF8.self)
        for line in text.split(separator: "\n") {
          let use = ReferenceUse(line: line)
          used.insert(use.path)
          if use.test != nil { testUses.append(use) }
        }
        if let process = PendingStore.process(
          ofUniqueName: name.dropFirst(PendingStore.usedPrefix.count))
        {
          writingProcesses.insert(process)
        }
      } else if name.hasPrefix(PendingStore.finishedPrefix) {
        finishedProcesses.insert(name.dropFirst(PendingStore.finishedPrefix.count)[...])
      } else if name.hasPrefix(PendingStore.conflictPrefix) {
        conflicts.insert(String(decoding: try AtomicFile.read(url) ?? Data(), as: UTF8.self))
      } else if name == journalName {
        let text = String(decoding: try AtomicFile.read(url) ?? Data(), as: UTF8.self)
        written.formUnion(text.split(separator: "\n").map(String.init))
      }
    }
    var run = PendingRun(
      directory: directory, entries: entries, usedReferences: used, writtenSources: written)
    run.testUses = testUses
    run.setConflicts(conflicts)
    run.damaged = damaged
    run.complete = !writingProcesses.isEmpty && writingProcesses.isSubset(of: finishedProcesses)
    return run
  }

  /// The record in a record file; `nil` when the file is gone.
  static func record(at url: URL, decoder: JSONDecoder = JSONDecoder()) throws(UnreadableRecord)
    -> PendingRecord?
  {
    let data: Data?
    do {
      data = try AtomicFile.read(url)
    } catch {
      throw UnreadableRecord(path: url.path, reason: error.reason)
    }
    guard let data else { return nil }
    do {
      return try decoder.decode(PendingRecord.self, from: data)
    } catch {
      throw UnreadableRecord(
        path: url.path, reason: UnreadableRecord.reason(error, count: data.count))
    }
  }

  /// The bytes a file record points to; `nil` when they are gone.
  public func data(of record: PendingFileRecord) throws(AtomicFile.ReadError) -> Data? {
    try AtomicFile.read(record.dataURL(in: directory))
  }

  /// Several runs as one, oldest first.
  ///
  /// Where two runs recorded the same reference or the same inline call, the newest run's
  /// records win; within a run nothing is dropped, so a loop is still seen. File records point
  /// at their bytes by absolute path.
  public static func merging(_ runs: [PendingRun]) -> PendingRun {
    var newestRun: [String: Int] = [:]
    for (index, run) in runs.enumerated() {
      for entry in run.entries { newestRun[entry.record.target] = index }
    }
    var entries: [Entry] = []
    for (index, run) in runs.enumerated() {
      for entry in run.entries where newestRun[entry.record.target] == index {
        var entry = entry
        if case .file(var file) = entry.record, !file.dataFile.hasPrefix("/") {
          file.dataFile = file.dataURL(in: run.directory).path
          entry.record = .file(file)
        }
        entries.append(entry)
      }
    }
    var merged = PendingRun(
      directory: runs.last?.directory ?? URL(fileURLWithPath: "/"), entries: entries,
      usedReferences: runs.reduce(into: []) { $0.formUnion($1.usedReferences) },
      writtenSources: runs.reduce(into: []) { $0.formUnion($1.writtenSources) })
    merged.testUses = runs.flatMap(\.testUses)
    merged.conflicted = runs.flatMap(\.conflicted)
    merged.damaged = runs.flatMap(\.damaged)
    merged.setConflicts(runs.reduce(into: []) { $0.formUnion($1.conflicts) })
    merged.complete = !runs.isEmpty && runs.allSatisfy(\.complete)
    return merged
  }

  /// Takes `references` as in conflict, and moves their records out of ``entries``.
  mutating func setConflicts(_ references: Set<String>) {
    conflicts = references
    guard !references.isEmpty else { return }
    let isConflicted = { (entry: Entry) -> Bool in
      guard case .file(let file) = entry.record else { return false }
      return references.contains(file.referencePath)
    }
    conflicted += entries.filter(isConflicted)
    entries.removeAll(where: isConflicted)
  }

  /// Deletes a record of a run's folder that has been applied, and the bytes it points to.
  ///
  /// The record first, then its data: a kill between them leaves data no record names, which
  /// nothing reads, never a record whose data is gone. (An accept that moved the data onto
  /// its reference, ``RunApplier/movesData``, and was killed before this leaves one; the next
  /// command finds the reference holding its bytes, and settles it.)
  public static func remove(_ entry: Entry) {
    let path = entry.url.path
    unlink(path)
    guard case .file(let file) = entry.record, !file.dataFile.isEmpty else { return }
    unlink(file.dataURL(in: entry.url.deletingLastPathComponent()).path)
  }

  public struct UnreadableRecord: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "The pending record \(path) could not be read: \(reason)" }

    /// Why `count` bytes do not decode as a record, in a few words: the decoder's own
    /// description runs to several lines of coding paths.
    static func reason(_ error: any Error, count: Int) -> String {
      switch error as? DecodingError {
      case _ where count == 0: "it is empty"
      case .dataCorrupted?: "its \(counted(count, "byte")) are not a whole JSON document"
      case .keyNotFound(let key, _)?: "it has no \(key.stringValue)"
      default: "its \(counted(count, "byte")) are JSON, but not a pending record"
      }
    }
  }
}
