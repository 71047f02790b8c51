import Foundation
@_spi(Tooling) import Snapshots

/// Applies one run's pending records: rewrites test sources and writes file snapshots, refusing
/// whatever is unsafe without touching it.
struct RunApplier {
  var packageDirectory: URL
  /// Print the changes, write nothing.
  var dryRun: Bool

  init(packageDirectory: URL, dryRun: Bool) {
    self.packageDirectory = packageDirectory
    self.dryRun = dryRun
  }

  public struct Report: Equatable, Sendable {
    public struct Rewritten: Equatable, Sendable {
      public var file: String
      public var count: Int
    }
    public struct Refusal: Equatable, Sendable {
      public var path: String
      public var reason: String
    }

    /// Reference files written (or that would be).
    public var recorded: [String] = []
    /// Source files and how many inline snapshots each got.
    public var rewritten: [Rewritten] = []
    public var refused: [Refusal] = []
    /// What a dry run would change, as unified diffs.
    public var changes: [String] = []
  }

  func apply(_ run: PendingRun) -> Report {
    var report = Report()
    var inline: [String: [PendingInlineRecord]] = [:]
    var files: [String: [PendingFileRecord]] = [:]
    var sourceOrder: [String] = []
    var referenceOrder: [String] = []
    for entry in run.entries {
      switch entry.record {
      case .inline(let record):
        if inline[record.sourceFile] == nil { sourceOrder.append(record.sourceFile) }
        inline[record.sourceFile, default: []].append(record)
      case .file(let record):
        if files[record.referencePath] == nil { referenceOrder.append(record.referencePath) }
        files[record.referencePath, default: []].append(record)
      }
    }
    for path in referenceOrder {
      record(files[path] ?? [], at: path, from: run, into: &report)
    }
    for path in sourceOrder {
      rewrite(path, with: inline[path] ?? [], into: &report)
    }
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
    if !dryRun {
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
    _ path: String, with records: [PendingInlineRecord], into report: inout Report
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
    switch SourceRewrite.apply(records, to: source) {
    case .upToDate:
      return
    case .refused(let reason):
      report.refused.append(.init(path: shown, reason: reason))
    case .rewritten(let text, let count):
      if dryRun {
        let diff = Diffing<String>.lines.diff(source, text)?.message ?? ""
        report.changes.append("--- \(shown)\n+++ \(shown)\n\(diff)")
      } else {
        do {
          try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: path))
        } catch {
          report.refused.append(.init(path: shown, reason: error.description))
          return
        }
      }
      report.rewritten.append(.init(file: shown, count: count))
    }
  }

  /// A path as the user knows it: relative to the package when inside it.
  func relative(_ path: String) -> String {
    let base = packageDirectory.standardizedFileURL.path + "/"
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
  }
}
