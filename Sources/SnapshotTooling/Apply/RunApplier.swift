import Foundation
@_spi(Tooling) import Snapshots

/// Applies one run's pending records: rewrites test sources and writes file snapshots, refusing
/// whatever is unsafe without touching it.
struct RunApplier {
  var packageDirectory: URL
  /// Print the changes, write nothing.
  var dryRun: Bool
  /// Whether the records may come from a run that did not run every test (`--filter`, or
  /// `swift test` runs applied later): a reference is then not written for a test whose name
  /// its file declares twice (two suites' `dump()`), since its references' names are the
  /// other's too and only a full run tells whose it is (suite-qualified names never meet).
  var partialRun = false

  struct Report: Equatable {
    struct Rewritten: Equatable {
      var file: String
      var count: Int
    }
    struct Refusal: Equatable {
      var path: String
      var reason: String
    }

    /// Reference files written (or that would be).
    var recorded: [String] = []
    /// Source files and how many inline snapshots each got.
    var rewritten: [Rewritten] = []
    var refused: [Refusal] = []
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
      report.refused.append(
        .init(
          path: relative(path),
          reason:
            "two different assertions resolve to this reference (their failure names both); nothing is written for either: give one its own name with named:, or name references after their suites with .snapshots(naming: .suiteQualified)"
        ))
    }
    let files = run.entries.compactMap { entry -> PendingFileRecord? in
      guard case .file(let record) = entry.record else { return nil }
      return record
    }
    let inline = run.entries.compactMap { entry -> PendingInlineRecord? in
      guard case .inline(let record) = entry.record else { return nil }
      return record
    }
    // Each test source read once, however many references its tests recorded.
    var sources: [String: String?] = [:]
    for file in Set(files.compactMap { $0.sourceHash == nil ? nil : $0.sourceFile }) {
      sources[file] = FileManager.default.contents(atPath: file).map(ContentHash.of)
    }
    // Each test source parsed once, and only when a partial run may have left the records.
    var declared: [String: [String: Int]] = [:]
    if partialRun {
      for file in Set(files.map(\.sourceFile)) {
        declared[file] = OrphanScan.declarations(in: URL(fileURLWithPath: file))
      }
    }
    for group in files.groupedInOrder(by: \.referencePath) {
      record(
        group, at: group[0].referencePath, from: run, sources: sources, declared: declared,
        into: &report)
    }
    for group in inline.groupedInOrder(by: \.sourceFile) {
      rewrite(group[0].sourceFile, with: group, of: run, leaving: left, into: &report)
    }
    report.changes.sort { $0.path < $1.path }
    return report
  }

  /// - Parameters:
  ///   - sources: the hash of each test source now (`nil` when it cannot be read).
  ///   - declared: for a ``partialRun``, how many times each test source declares each name.
  private func record(
    _ records: [PendingFileRecord], at path: String, from run: PendingRun,
    sources: [String: String?], declared: [String: [String: Int]], into report: inout Report
  ) {
    let shown = relative(path)
    let datas: [Data]
    do {
      datas = try records.map { try run.data(of: $0) }
    } catch {
      report.refused.append(
        .init(path: shown, reason: "the recorded bytes could not be read: \(error)"))
      return
    }
    let changed = records.first { record in
      guard let recorded = record.sourceHash, let now = sources[record.sourceFile] ?? nil else {
        return false
      }
      // This run's apply may have written the source already: it changes closures only.
      return now != recorded && !run.writtenSources.contains(now)
    }
    if let changed {
      report.keptTargets.formUnion(records.map { PendingRecord.file($0).target })
      report.refused.append(
        .init(
          path: shown,
          reason:
            "its test \(relative(changed.sourceFile)) changed since the tests ran; run the tests again (snapshot-record does) to record against it"
        ))
      return
    }
    if partialRun, records.contains(where: { $0.namedByHelper == true }) {
      report.refused.append(
        .init(
          path: shown,
          reason:
            "it is named after \(records[0].testName), a helper that other tests may call too, so this run cannot tell whose it is; record it with a full run (snapshot-record without --filter), or have the helper pass its caller's testName on"
        ))
      return
    }
    if let shared = declared[records[0].sourceFile]?[records[0].testName], shared > 1 {
      report.refused.append(
        .init(
          path: shown,
          reason:
            "\(shared) tests in \(relative(records[0].sourceFile)) are named \(records[0].testName), so their references' names meet and this run cannot tell whose this is; record it with a full run (snapshot-record without --filter), or rename one of them"
        ))
      return
    }
    guard let data = datas.first, datas.allSatisfy({ $0 == data }) else {
      report.refused.append(
        .init(
          path: shown,
          reason:
            "\(Set(datas).count) different values were recorded for this reference in one run (a loop?); name each assertion"
        ))
      return
    }
    if dryRun {
      report.changes.append(
        change(of: shown, from: try? AtomicFile.read(URL(fileURLWithPath: path)), to: data))
    } else {
      do {
        try AtomicFile.write(data, to: URL(fileURLWithPath: path))
      } catch {
        report.keptTargets.formUnion(records.map { PendingRecord.file($0).target })
        report.refused.append(.init(path: shown, reason: error.description))
        return
      }
    }
    report.recorded.append(shown)
  }

  private func rewrite(
    _ path: String, with records: [PendingInlineRecord], of run: PendingRun,
    leaving left: [PendingRun.Entry], into report: inout Report
  ) {
    let shown = relative(path)
    // Refused whole, the records stay pending: a later apply takes them once the file is back.
    func keep() { report.keptTargets.formUnion(records.map { PendingRecord.inline($0).target }) }
    guard let data = FileManager.default.contents(atPath: path) else {
      keep()
      report.refused.append(.init(path: shown, reason: "the test source could not be read"))
      return
    }
    guard let source = String(data: data, encoding: .utf8) else {
      keep()
      report.refused.append(.init(path: shown, reason: "the test source is not UTF-8"))
      return
    }
    let text: String
    let count: Int
    switch SourceRewrite.apply(records, to: source, written: run.writtenSources) {
    case .refused(let reason):
      keep()
      report.refused.append(.init(path: shown, reason: reason))
      return
    case .upToDate(let refused):
      report.refused += refused.map { .init(path: shown, reason: $0) }
      return
    case .rewritten(let rewritten, let written, let refused):
      report.refused += refused.map { .init(path: shown, reason: $0) }
      (text, count) = (rewritten, written)
    }
    if dryRun {
      report.changes.append(change(of: shown, from: data, to: Data(text.utf8)))
    } else {
      do {
        // Journal first: if the apply stops after the rename, the next one knows this text.
        try run.noteWritten(sourceHash: ContentHash.of(text))
        try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: path))
      } catch {
        keep()
        report.refused.append(.init(path: shown, reason: error.description))
        return
      }
      do {
        try moveLeftRecords(
          left, of: path, from: String(decoding: data, as: UTF8.self), to: text,
          journaledIn: run.directory)
      } catch {
        report.refused.append(
          .init(
            path: shown,
            reason:
              "written, but the records the filter left could not be moved onto it (\(error)); run the tests again to record them"
          ))
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
  func relative(_ path: String) -> String { Self.relative(path, in: packageDirectory) }

  /// A path as the package's users write it: relative to the package when inside it.
  static func relative(_ path: String, in packageDirectory: URL) -> String {
    let base = packageDirectory.standardizedFileURL.path + "/"
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
  }
}
