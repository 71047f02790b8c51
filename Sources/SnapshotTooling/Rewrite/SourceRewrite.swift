@_spi(Tooling) import Snapshots
import SnapshotsSwiftReader

/// Writes the pending inline records of one source file into its text, all in one pass.
///
/// A call that recorded different texts (a loop), that is not found, or that has no place for
/// its closure is refused and left as it is, while the file's other calls are written. The
/// whole file is refused when it changed since the tests ran (its hash differs), or when the
/// rewritten text would not read back as the recorded texts (its calls are read again before it
/// is written). A file already holding every
/// record's text is up to date, so applying twice equals applying once.
package struct SourceRewrite {
  /// Reads a source's calls: ``SwiftCalls/calls(in:)-(String)``, or a test's oracle.
  public typealias CallReader = (String) -> [SwiftCalls.Call]

  /// - Parameter written: hashes of texts this run's apply already wrote (an apply stopped
  ///   halfway): a source at one of them is up to date.
  public static func apply(
    _ records: [PendingInlineRecord], to source: String, written: Set<String> = [],
    reader: CallReader = SwiftCalls.calls(in:)
  ) -> SourceRewriteOutcome {
    let hash = ContentHash.of(source)
    var records = records
    if written.contains(hash) {
      // An apply that stopped halfway wrote this text: the records it took are done; what a
      // filtered apply left was moved onto this text (``rebase(_:from:to:)``) and remains.
      records = records.filter { $0.sourceHash == hash }
      if records.isEmpty { return .upToDate(refused: []) }
    }
    var (sites, refused) = oneRecordPerCall(records)
    let names = Set(sites.map(\.functionName))
    let finder = InlineCallFinder(source: source, names: names, reader: reader)
    var calls: [(record: PendingInlineRecord, index: Int, call: InlineCall)] = []
    for record in sites {
      guard
        let index = finder.call(
          line: record.line, column: record.column, name: record.functionName)
      else {
        refused.append(.callNotFound(line: record.line, call: record.callDescription))
        continue
      }
      calls.append((record, index, InlineCall(finder.found[index].call, for: record)))
    }
    // In source order, and each call's closures in trailing order, so that closures added
    // after one call's last go in their order.
    let pending = calls.filter { !$0.call.holds($0.record.newText) }.sorted {
      ($0.index, $0.record.trailingClosureIndex) < ($1.index, $1.record.trailingClosureIndex)
    }
    if pending.isEmpty { return .upToDate(refused: refused) }
    if let refusal = RefusalPolicy.source(recorded: records.map(\.sourceHash), now: hash) {
      return .refused(refusal)
    }
    let layout = SourceLayout(Array(source.utf8))
    var edits: [TextEdit] = []
    var written: [(record: PendingInlineRecord, index: Int, call: InlineCall)] = []
    var inserted: [Int: Int] = [:]
    for entry in pending {
      guard
        let edit = layout.edit(
          entry.call, text: entry.record.newText, inserted: inserted[entry.index, default: 0])
      else {
        refused.append(
          .closureNotWritten(
            line: entry.record.line, call: entry.record.callDescription,
            closure: entry.record.closureLabel, removing: entry.record.newText == nil))
        continue
      }
      if edit.range.isEmpty { inserted[entry.index, default: 0] += 1 }
      edits.append(edit)
      written.append(entry)
    }
    if written.isEmpty { return .upToDate(refused: refused) }
    guard let rewritten = TextEdit.apply(edits, to: layout.bytes) else {
      return .refused(.editsOverlap)
    }
    // Read again: each closure must now read back its text.
    let check = InlineCallFinder(source: rewritten, names: names, reader: reader)
    guard check.found.count == finder.found.count else {
      return .refused(.rewriteUnreadable)
    }
    for (record, index, _) in written
    where !InlineCall(check.found[index].call, for: record).holds(record.newText) {
      return .refused(.literalUnreadable(line: record.line))
    }
    return .rewritten(rewritten, count: written.count, refused: refused)
  }

  /// The records of calls that a rewrite of their file did not write, moved onto the rewritten
  /// text.
  ///
  /// Each gets the line and column where its call now is, and the text's hash. A rewrite edits
  /// closures only, so the file's calls keep their order; `nil` for a record whose call is not
  /// found (it stays as it was, and is refused as out of date when applied).
  public static func rebase(
    _ records: [PendingInlineRecord], from source: String, to rewritten: String,
    reader: CallReader = SwiftCalls.calls(in:)
  ) -> [PendingInlineRecord?] {
    let names = Set(records.map(\.functionName))
    let before = InlineCallFinder(source: source, names: names, reader: reader)
    let after = InlineCallFinder(source: rewritten, names: names, reader: reader)
    guard before.found.count == after.found.count else { return records.map { _ in nil } }
    let hash = ContentHash.of(rewritten)
    return records.map { record in
      guard
        let index = before.call(
          line: record.line, column: record.column, name: record.functionName)
      else { return nil }
      let (old, new) = (before.found[index], after.found[index])
      var moved = record
      moved.line = new.line
      if let other = old.otherColumns.firstIndex(of: record.column) {
        moved.column = new.otherColumns[other]
      } else {
        moved.column = new.column
      }
      moved.sourceHash = hash
      return moved
    }
  }

  /// One record per call site (the last, when a loop recorded the same text again), and why
  /// each call that recorded different texts is left out.
  private static func oneRecordPerCall(
    _ records: [PendingInlineRecord]
  ) -> (sites: [PendingInlineRecord], refused: [Refusal]) {
    var sites: [PendingInlineRecord] = []
    var refused: [Refusal] = []
    for group in records.groupedInOrder(by: {
      "\($0.line):\($0.column):\($0.functionName):\($0.closureLabel)"
    }) {
      if let refusal = RefusalPolicy.call(
        texts: group.map(\.newText), line: group[0].line, description: group[0].callDescription)
      {
        refused.append(refusal)
        continue
      }
      sites.append(group[group.count - 1])
    }
    return (sites, refused)
  }
}

extension PendingInlineRecord {
  /// `the call of assertInlineSnapshot`, or `the call` when it is found by position alone.
  fileprivate var callDescription: String {
    functionName.isEmpty ? "call" : "call of \(functionName)"
  }
}

/// What rewriting one source file comes to.
public enum SourceRewriteOutcome: Equatable, Sendable {
  /// The new text, how many closures it writes, and the calls it left, with why.
  case rewritten(String, count: Int, refused: [Refusal])
  /// Nothing to write; `refused` names the calls that could not be.
  case upToDate(refused: [Refusal])
  /// The whole file is left as it is.
  case refused(Refusal)
}
