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
    let sites: [Site]
    switch Site.group(records) {
    case .success(let grouped): sites = grouped
    case .failure(let refusal): return .refused(refusal.reason)
    }
    let hash = SourceHash.of(source)
    let unchanged = records.allSatisfy { $0.sourceHash == hash }
    let tree = Parser.parse(source: source)
    let finder = InlineCallFinder(
      names: Set(sites.map(\.record.functionName)),
      converter: SourceLocationConverter(fileName: "", tree: tree))
    finder.walk(tree)
    var calls: [(site: Site, index: Int, call: InlineCall)] = []
    for site in sites {
      let record = site.record
      guard
        let index = finder.call(
          line: record.line, column: record.column, name: record.functionName)
      else {
        return .refused(
          "line \(record.line): no call of \(record.functionName) was found there")
      }
      calls.append((site, index, site.call(finder.found[index].call)))
    }
    let pending = calls.filter { $0.call.currentText != $0.site.record.newText }
    if pending.isEmpty { return .upToDate }
    guard unchanged else {
      return .refused(
        "the file changed since the tests ran; run the tests again (snapshot-record does) to record against it"
      )
    }
    let layout = SourceLayout(Array(source.utf8))
    var edits: [SourceLayout.Edit] = []
    for entry in pending {
      guard let edit = layout.edit(entry.call, text: entry.site.record.newText) else {
        return .refused(
          "line \(entry.site.record.line): \(entry.site.record.functionName) has no place for closure \(entry.site.record.closureLabel):"
        )
      }
      edits.append(edit)
    }
    guard let rewritten = layout.applying(edits) else {
      return .refused("two inline snapshots overlap; nothing was written")
    }
    if let problem = verify(
      rewritten, expected: pending.map { ($0.index, $0.site) }, finder: finder)
    {
      return .refused(problem)
    }
    return .rewritten(rewritten, count: pending.count)
  }

  /// Parses the result again and checks that each closure now reads back its text.
  private static func verify(
    _ source: String, expected: [(index: Int, site: Site)], finder original: InlineCallFinder
  ) -> String? {
    let tree = Parser.parse(source: source)
    let finder = InlineCallFinder(
      names: Set(expected.map(\.site.record.functionName)),
      converter: SourceLocationConverter(fileName: "", tree: tree))
    finder.walk(tree)
    guard finder.found.count == original.found.count else {
      return "the rewritten file would not parse the same; nothing was written"
    }
    for (index, site) in expected
    where site.call(finder.found[index].call).currentText != site.record.newText {
      return
        "line \(site.record.line): the written literal would not read back as the recorded text; nothing was written"
    }
    return nil
  }

  /// The records of one call site, which must agree on the text.
  struct Site {
    var record: PendingInlineRecord

    func call(_ syntax: FunctionCallExprSyntax) -> InlineCall {
      InlineCall(
        call: syntax, closureLabel: record.closureLabel,
        trailingClosureIndex: record.trailingClosureIndex)
    }

    struct Conflict: Error { var reason: String }

    static func group(_ records: [PendingInlineRecord]) -> Result<[Site], Conflict> {
      var order: [String] = []
      var byKey: [String: [PendingInlineRecord]] = [:]
      for record in records {
        let key = "\(record.line):\(record.column):\(record.functionName):\(record.closureLabel)"
        if byKey[key] == nil { order.append(key) }
        byKey[key, default: []].append(record)
      }
      var sites: [Site] = []
      for key in order {
        let group = byKey[key] ?? []
        let texts = Set(group.map(\.newText))
        if texts.count > 1 {
          let first = group[0]
          return .failure(
            Conflict(
              reason:
                "line \(first.line): \(first.functionName) recorded \(texts.count) different texts in one run (a loop or a parameterized test?); give each value its own assertion, or use a file snapshot"
            ))
        }
        sites.append(Site(record: group[group.count - 1]))
      }
      return .success(sites)
    }
  }
}
