@_spi(Tooling) import Snapshots
import SwiftParser
import SwiftSyntax

/// Writes the pending inline records of one source file into its text, all in one pass, or
/// refuses the whole file and says why.
///
/// Refused: a file changed since the tests ran (its hash differs), a call that recorded
/// different texts (a loop), a call that is not found. A file already holding every record's
/// text is up to date, so applying twice equals applying once.
struct SourceRewrite {
  enum Outcome: Equatable {
    case rewritten(String, count: Int)
    case upToDate
    case refused(String)
  }

  static func apply(_ records: [PendingInlineRecord], to source: String) -> Outcome {
    let sites: [PendingInlineRecord]
    switch oneRecordPerCall(records) {
    case .success(let distinct): sites = distinct
    case .failure(let conflict): return .refused(conflict.reason)
    }
    let hash = SourceHash.of(source)
    let unchanged = records.allSatisfy { $0.sourceHash == hash }
    let names = Set(sites.map(\.functionName))
    let finder = findCalls(in: source, named: names)
    var calls: [(record: PendingInlineRecord, index: Int, call: InlineCall)] = []
    for record in sites {
      guard
        let index = finder.call(
          line: record.line, column: record.column, name: record.functionName)
      else {
        return .refused(
          "line \(record.line): no call of \(record.functionName) was found there")
      }
      calls.append((record, index, InlineCall(finder.found[index].call, for: record)))
    }
    let pending = calls.filter { $0.call.currentText != $0.record.newText }
    if pending.isEmpty { return .upToDate }
    guard unchanged else {
      return .refused(
        "the file changed since the tests ran; run the tests again (snapshot-record does) to record against it"
      )
    }
    let layout = SourceLayout(Array(source.utf8))
    var edits: [SourceLayout.Edit] = []
    for entry in pending {
      guard let edit = layout.edit(entry.call, text: entry.record.newText) else {
        return .refused(
          "line \(entry.record.line): \(entry.record.functionName) has no place for closure \(entry.record.closureLabel):"
        )
      }
      edits.append(edit)
    }
    guard let rewritten = layout.applying(edits) else {
      return .refused("two inline snapshots overlap; nothing was written")
    }
    // Parsed again: each closure must now read back its text.
    let check = findCalls(in: rewritten, named: names)
    guard check.found.count == finder.found.count else {
      return .refused("the rewritten file would not parse the same; nothing was written")
    }
    for (record, index, _) in pending
    where InlineCall(check.found[index].call, for: record).currentText != record.newText {
      return .refused(
        "line \(record.line): the written literal would not read back as the recorded text; nothing was written"
      )
    }
    return .rewritten(rewritten, count: pending.count)
  }

  /// The calls of the named functions in a source text.
  private static func findCalls(in source: String, named names: Set<String>) -> InlineCallFinder {
    let tree = Parser.parse(source: source)
    let finder = InlineCallFinder(
      names: names, converter: SourceLocationConverter(fileName: "", tree: tree))
    finder.walk(tree)
    return finder
  }

  struct Conflict: Error { var reason: String }

  /// One record per call site (the last, when a loop recorded the same text again), or the
  /// conflict when a call recorded different texts.
  private static func oneRecordPerCall(_ records: [PendingInlineRecord]) -> Result<
    [PendingInlineRecord], Conflict
  > {
    var sites: [PendingInlineRecord] = []
    for group in records.groupedInOrder(by: {
      "\($0.line):\($0.column):\($0.functionName):\($0.closureLabel)"
    }) {
      let texts = Set(group.map(\.newText))
      if texts.count > 1 {
        let first = group[0]
        return .failure(
          Conflict(
            reason:
              "line \(first.line): \(first.functionName) recorded \(texts.count) different texts in one run (a loop or a parameterized test?); give each value its own assertion, or use a file snapshot"
          ))
      }
      sites.append(group[group.count - 1])
    }
    return .success(sites)
  }
}
