import Foundation
@_spi(Tooling) import Snapshots

/// Applies one run's pending records: rewrites test sources and writes file snapshots, refusing
/// whatever is unsafe without touching it.
struct RunApplier {
  var packageDirectory: URL
  /// Print the changes, write nothing.
  var dryRun: Bool

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
    struct Change: Equatable {
      var path: String
      var text: String
    }
    /// What a dry run would change, as unified diffs.
    var changes: [Change] = []
  }

  func apply(_ run: PendingRun) -> Report {
    var report = Report()
    let files = run.entries.compactMap { entry -> PendingFileRecord? in
      guard case .file(let record) = entry.record else { return nil }
      return record
    }
    let inline = run.entries.compactMap { entry -> PendingInlineRecord? in
      guard case .inline(let record) = entry.record else { return nil }
      return record
    }
    for group in files.groupedInOrder(by: \.referencePath) {
      record(group, at: group[0].referencePath, from: run, into: &report)
    }
    for group in inline.groupedInOrder(by: \.sourceFile) {
      rewrite(group[0].sourceFile, with: group, of: run, into: &report)
    }
    report.changes.sort { $0.path < $1.path }
    return report
  }

  private func record(
    _ records: [PendingFileRecord], at path: String, from run: PendingRun, into report: inout Report
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
        report.refused.append(.init(path: shown, reason: error.description))
        return
      }
    }
    report.recorded.append(shown)
  }

  private func rewrite(
    _ path: String, with records: [PendingInlineRecord], of run: PendingRun,
    into report: inout Report
  ) {
    let shown = relative(path)
    guard let data = FileManager.default.contents(atPath: path) else {
      report.refused.append(.init(path: shown, reason: "the test source could not be read"))
      return
    }
    guard let source = String(data: data, encoding: .utf8) else {
      report.refused.append(.init(path: shown, reason: "the test source is not UTF-8"))
      return
    }
    let text: String
    let count: Int
    switch SourceRewrite.apply(records, to: source, written: run.writtenSources) {
    case .refused(let reason):
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
        try run.noteWritten(sourceHash: SourceHash.of(text))
        try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: path))
      } catch {
        report.refused.append(.init(path: shown, reason: error.description))
        return
      }
    }
    report.rewritten.append(.init(file: shown, count: count))
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
  func relative(_ path: String) -> String {
    let base = packageDirectory.standardizedFileURL.path + "/"
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
  }
}
