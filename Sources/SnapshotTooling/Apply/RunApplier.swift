import Foundation
@_spi(Tooling) import Snapshots

/// Applies one run's pending records: rewrites test sources and writes file snapshots, refusing
/// whatever is unsafe without touching it.
struct RunApplier {
  var packageDirectory: URL
  /// Print the changes, write nothing.
  var dryRun: Bool
  /// What may be written (``RefusalPolicy/partialRun``).
  var policy = RefusalPolicy()
  /// The test sources' declarations that earlier applies read.
  var declarations = TestDeclarations()
  /// Whether the records' bytes are the store's own, which go once applied.
  ///
  /// A reference then takes its record's data file by rename
  /// (``AtomicFile/move(_:holding:to:)``). Shards' folders are the user's downloads, and are
  /// copied from.
  var movesData = false
  /// The package's folder as paths under it start, for ``relative(_:)``: worked out once, not
  /// for each of thousands of references.
  private let packagePrefix: String

  init(
    packageDirectory: URL, dryRun: Bool, policy: RefusalPolicy = RefusalPolicy(),
    declarations: TestDeclarations = TestDeclarations(), movesData: Bool = false
  ) {
    self.packageDirectory = packageDirectory
    self.dryRun = dryRun
    self.policy = policy
    self.declarations = declarations
    self.movesData = movesData
    packagePrefix = Self.prefix(of: packageDirectory)
  }

  struct Report: Equatable {
    struct Rewritten: Equatable {
      var file: String
      var count: Int
    }
    /// Refuses `targets` at `path`, keeping them pending when the policy says so.
    mutating func refuse(
      _ path: String, _ refusal: Refusal, targets: @autoclosure () -> [String]
    ) {
      if refusal.keepsRecords { keptTargets.formUnion(targets()) }
      refused.append(Refused(path: path, refusal: refusal))
    }

    /// Adds what another part of the same apply did.
    mutating func add(_ other: Report) {
      recorded += other.recorded
      rewritten += other.rewritten
      refused += other.refused
      keptTargets.formUnion(other.keptTargets)
      changes += other.changes
    }

    /// Reference files written (or that would be).
    var recorded: [String] = []
    /// Source files and how many inline snapshots each got.
    var rewritten: [Rewritten] = []
    var refused: [Refused] = []
    /// The targets (``PendingRecord/target``) of records refused whole, which stay pending: a
    /// source edited since the run, a reference that could not be written.
    var keptTargets: Set<String> = []
    struct Change: Equatable {
      var path: String
      var text: String
    }
    /// What a dry run would change, as unified diffs.
    var changes: [Change] = []
  }

  /// - Parameter left: records a filter left out: those of a source this apply rewrites are
  ///   moved onto the new text, so that a later apply takes them.
  func apply(_ run: PendingRun, leaving left: [PendingRun.Entry] = []) -> Report {
    var report = Report()
    for path in run.conflicts.sorted() {
      report.refuse(relative(path), .nameConflict, targets: [])
    }
    for damaged in run.damaged {
      report.refuse(relative(damaged.url.path), .recordDamaged(damaged.reason), targets: [])
    }
    let files = run.entries.compactMap { entry -> PendingFileRecord? in
      guard case .file(let record) = entry.record else { return nil }
      return record
    }
    let inline = run.entries.compactMap { entry -> PendingInlineRecord? in
      guard case .inline(let record) = entry.record else { return nil }
      return record
    }
    // Each test source read once, however many references its tests recorded, and parsed only
    // when a partial run may have left the records.
    var sources: [String: String?] = [:]
    var declared: [String: [String: Int]] = [:]
    let hashed = Set(files.compactMap { $0.sourceHash == nil ? nil : $0.sourceFile })
    for file in Set(files.map(\.sourceFile)) where policy.partialRun || hashed.contains(file) {
      let text = FileManager.default.contents(atPath: file)
      let hash = text.map(ContentHash.of)
      if hashed.contains(file) { sources[file] = hash }
      if policy.partialRun, let text, let hash {
        declared[file] = declarations.of(text, hash: hash)
      }
    }
    // Each reference is its own file: they are checked and written on every core.
    let (sourcesNow, declaredNow) = (sources, declared)
    let groups = files.groupedInOrder(by: \.referencePath)
    let dataOnDisk =
      movesData && !dryRun
      && AtomicFile.syncForMoving(
        groups.map { $0[0].dataURL(in: run.directory).path })
    // Shards' bytes are the user's downloads, never moved: copied beside the references first,
    // put on disk together, then renamed into place.
    let staging = !movesData && !dryRun && groups.count >= 32 ? stagingFolder() : nil
    defer { staging.map { try? FileManager.default.removeItem(at: $0) } }
    let recorded = Array(groups.enumerated()).concurrentMap { index, group in
      record(
        group, at: group[0].referencePath, from: run, sources: sourcesNow, declared: declaredNow,
        dataOnDisk: dataOnDisk,
        staging: staging?.appendingPathComponent("\(index).data", isDirectory: false))
    }
    recorded.forEach { report.add($0.report) }
    let staged = recorded.compactMap(\.staged)
    let stagedOnDisk = AtomicFile.syncForMoving(staged.map(\.file.path))
    for result in staged.concurrentMap({ $0.move(onDisk: stagedOnDisk, relative: relative) }) {
      report.add(result)
    }
    for group in inline.groupedInOrder(by: \.sourceFile) {
      rewrite(group[0].sourceFile, with: group, of: run, leaving: left, into: &report)
    }
    report.changes.sort { $0.path < $1.path }
    return report
  }

  /// - Parameters:
  ///   - sources: the hash of each test source now (`nil` when it cannot be read).
  ///   - declared: for a partial run (``RefusalPolicy/partialRun``), how many times each test source declares each name.
  ///   - dataOnDisk: whether the records' bytes are on disk already (``AtomicFile/syncForMoving(_:)``).
  ///   - staging: where a shard's bytes are copied before they are synced with the others' and
  ///     moved into place (``Staged``); `nil` writes them in place at once.
  private func record(
    _ records: [PendingFileRecord], at path: String, from run: PendingRun,
    sources: [String: String?], declared: [String: [String: Int]], dataOnDisk: Bool,
    staging: URL?
  ) -> (report: Report, staged: Staged?) {
    var report = Report()
    let shown = relative(path)
    let targets = records.map { PendingRecord.file($0).target }
    var datas: [Data] = []
    for record in records {
      switch checkedData(of: record, in: run.directory) {
      case .success(let data): datas.append(data)
      case .failure(let refusal):
        report.refuse(shown, refusal, targets: targets)
        return (report, nil)
      }
    }
    if let refusal = policy.reference(
      records, values: datas, sourcesNow: sources, written: run.writtenSources,
      declared: declared[records[0].sourceFile]?[records[0].testName], relative: relative)
    {
      report.refuse(shown, refusal, targets: targets)
      return (report, nil)
    }
    let data = datas[0]
    if dryRun {
      report.changes.append(
        change(of: shown, from: try? AtomicFile.read(path: path), to: data))
    } else {
      do {
        let reference = URL(fileURLWithPath: path, isDirectory: false)
        if movesData {
          try AtomicFile.move(
            records[0].dataURL(in: run.directory), holding: data, to: reference,
            sourceOnDisk: dataOnDisk)
        } else if let staging {
          try AtomicFile.write(data, to: staging, durability: .whole)
          return (report, Staged(file: staging, reference: reference, targets: targets))
        } else {
          try AtomicFile.write(data, to: reference)
        }
      } catch {
        report.refuse(shown, .notWritten(error.description), targets: targets)
        return (report, nil)
      }
    }
    report.recorded.append(shown)
    return (report, nil)
  }

  /// A shard's reference copied beside the others, to be synced with them and renamed.
  ///
  /// One sync of the file system for all rather than one for each. Its bytes are not kept (a
  /// shard's references may be images, thousands of them): the copy is read again only where
  /// it cannot be renamed.
  private struct Staged: Sendable {
    var file: URL
    var reference: URL
    var targets: [String]

    func move(onDisk: Bool, relative: (String) -> String) -> Report {
      var report = Report()
      let shown = relative(reference.path)
      do {
        if !AtomicFile.renamed(file, to: reference, sourceOnDisk: onDisk) {
          let copy: Data?
          do { copy = try AtomicFile.read(file) } catch { copy = nil }
          guard let copy else {
            report.refuse(
              shown, .notWritten("its copy \(file.path) could not be read"), targets: targets)
            return report
          }
          try AtomicFile.write(copy, to: reference)
        }
        report.recorded.append(shown)
      } catch {
        report.refuse(shown, .notWritten(error.description), targets: targets)
      }
      return report
    }
  }

  /// A folder of the package's build folder for a shard's references before they are moved
  /// into place: on the package's file system, so that they are renamed, not copied.
  private func stagingFolder() -> URL? {
    let folder = packageDirectory.appendingPathComponent(
      ".build/snapshots/staged-\(PendingStore.uniqueName())", isDirectory: true)
    return (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
      .map { folder }
  }

  private func rewrite(
    _ path: String, with records: [PendingInlineRecord], of run: PendingRun,
    leaving left: [PendingRun.Entry], into report: inout Report
  ) {
    let shown = relative(path)
    // Refused whole, the records stay pending: a later apply takes them once the file is back.
    let targets = records.map { PendingRecord.inline($0).target }
    guard let data = FileManager.default.contents(atPath: path) else {
      report.refuse(shown, .sourceUnreadable, targets: targets)
      return
    }
    guard let source = String(data: data, encoding: .utf8) else {
      report.refuse(shown, .sourceNotUTF8, targets: targets)
      return
    }
    let text: String
    let count: Int
    switch SourceRewrite.apply(records, to: source, written: run.writtenSources) {
    case .refused(let refusal):
      report.refuse(shown, refusal, targets: targets)
      return
    case .upToDate(let refused):
      report.refused += refused.map { Refused(path: shown, refusal: $0) }
      return
    case .rewritten(let rewritten, let written, let refused):
      report.refused += refused.map { Refused(path: shown, refusal: $0) }
      (text, count) = (rewritten, written)
    }
    if dryRun {
      report.changes.append(change(of: shown, from: data, to: Data(text.utf8)))
    } else {
      do {
        // Journal first: if the apply stops after the rename, the next one knows this text.
        try run.noteWritten(sourceHash: ContentHash.of(text))
        try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: path, isDirectory: false))
      } catch {
        report.refuse(shown, .notWritten(error.description), targets: targets)
        return
      }
      do {
        try moveLeftRecords(
          left, of: path, from: String(decoding: data, as: UTF8.self), to: text,
          journaledIn: run.directory)
      } catch {
        report.refused.append(
          Refused(path: shown, refusal: .leftRecordsNotMoved("\(error)")))
      }
    }
    report.rewritten.append(.init(file: shown, count: count))
  }

  /// Moves the records a filter left for `path`, made against `source`, onto `rewritten`: the
  /// calls' new lines and columns, and the new text's hash.
  ///
  /// A file record in `journal`'s run keeps its hash: that run's journal names the new text, and
  /// goes wherever the record goes (a review that accepts one call of a large test file would
  /// otherwise rewrite every other record of that file).
  private func moveLeftRecords(
    _ left: [PendingRun.Entry], of path: String, from source: String, to rewritten: String,
    journaledIn journal: URL
  ) throws {
    let hash = ContentHash.of(source)
    let entries = left.filter {
      $0.record.sourceLocation.file == path && $0.record.sourceHash == hash
    }
    let inline = entries.compactMap { entry -> (URL, PendingInlineRecord)? in
      guard case .inline(let call) = entry.record else { return nil }
      return (entry.url, call)
    }
    let moved = SourceRewrite.rebase(inline.map(\.1), from: source, to: rewritten)
    for ((url, _), call) in zip(inline, moved) {
      if let call { try PendingStore.replace(url, with: .inline(call)) }
    }
    let journalRun = journal.standardizedFileURL.path
    for entry in entries {
      guard case .file(var file) = entry.record,
        entry.url.deletingLastPathComponent().standardizedFileURL.path != journalRun
      else { continue }
      file.sourceHash = ContentHash.of(rewritten)
      try PendingStore.replace(entry.url, with: .file(file))
    }
  }

  /// A file record's bytes in `folder`, or why they are not written
  /// (``RefusalPolicy/data(_:of:file:)``).
  ///
  /// Bytes that are gone while the reference holds exactly the size and digest the record
  /// names were moved there by an apply stopped before it removed the record
  /// (``movesData``): they are the reference's.
  func checkedData(of record: PendingFileRecord, in folder: URL) -> Result<
    Data, Refusal
  > {
    let url = record.dataURL(in: folder)
    // Worked out only for a refusal: most bytes are as recorded.
    let file = { relative(url.path) }
    var bytes: Data?
    do {
      bytes = try AtomicFile.read(url)
    } catch {
      return .failure(.dataDamaged(file: file(), .unreadable(error.reason)))
    }
    if bytes == nil, record.dataSHA256 != nil,
      let moved = try? AtomicFile.read(path: record.referencePath),
      policy.data(moved, of: record, file: file()) == nil
    {
      bytes = moved
    }
    if let refusal = policy.data(bytes, of: record, file: file()) { return .failure(refusal) }
    return .success(bytes ?? Data())
  }

  /// A file's change as a unified diff (text), or its sizes (anything else).
  private func change(of shown: String, from old: Data?, to new: Data) -> Report.Change {
    let header = "--- \(old == nil ? "/dev/null" : shown)\n+++ \(shown)\n"
    guard let newText = String(data: new, encoding: .utf8),
      let oldText = old.map({ String(data: $0, encoding: .utf8) }) ?? ""
    else {
      return .init(
        path: shown,
        text: header
          + "binary file: \(old.map { "\($0.count) bytes" } ?? "new"), \(new.count) bytes recorded\n"
      )
    }
    return .init(
      path: shown, text: header + (Diffing<String>.lines.diff(oldText, newText)?.message ?? ""))
  }

  /// A path as the user knows it: relative to the package when inside it.
  func relative(_ path: String) -> String { Self.relative(path, under: packagePrefix) }

  /// A path as the package's users write it: relative to the package when inside it.
  static func relative(_ path: String, in packageDirectory: URL) -> String {
    relative(path, under: prefix(of: packageDirectory))
  }

  private static func relative(_ path: String, under prefix: String) -> String {
    path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  private static func prefix(of packageDirectory: URL) -> String {
    packageDirectory.standardizedFileURL.path + "/"
  }
}
