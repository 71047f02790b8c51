import Foundation
import FuzzSupport
@_spi(Tooling) import Snapshots

@testable @_spi(Tooling) import SnapshotTooling

/// The rewriter never crashes, reads calls as swift-syntax does, and writes fixed points.
///
/// Any text is a test source, with a record for every `assertInlineSnapshot(` in it (its new
/// text made from the line itself):
/// - where swift-syntax parses the text cleanly, the reader's calls are swift-syntax's, and the
///   rewrite made on swift-syntax's calls is the rewrite made on the reader's;
/// - with one record (whose call keeps its line), the rewrite refuses or writes a file in which
///   applying the record again changes nothing. The rewriter itself reads what it writes again
///   and refuses when a literal would not read back.
func fuzzSourceRewrite(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: count)
  let source = String(decoding: input, as: UTF8.self)
  let oracle = SwiftSyntaxOracle.calls(in: source)
  if let oracle, SwiftCalls.calls(in: source) != oracle {
    fatalError("the reader's calls are not swift-syntax's in:\n\(source)")
  }
  let hash = ContentHash.of(source)
  var records: [PendingInlineRecord] = []
  for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
  {
    guard let call = line.range(of: "assertInlineSnapshot(") else { continue }
    let column = line.utf8.distance(from: line.startIndex, to: call.lowerBound) + 1
    records.append(
      PendingInlineRecord(
        sourceFile: "/T.swift", line: index + 1, column: column,
        functionName: "assertInlineSnapshot", closureLabel: "matches", trailingClosureIndex: 0,
        oldText: nil, newText: String(line.reversed()), sourceHash: hash, testName: "t()"))
  }
  guard !records.isEmpty else { return 0 }
  let outcome = SourceRewrite.apply(records, to: source)
  if oracle != nil {
    let expected = SourceRewrite.apply(records, to: source) {
      SwiftSyntaxOracle.calls(in: $0) ?? []
    }
    if outcome != expected {
      fatalError(
        "rewritten on the reader:\n\(outcome)\non swift-syntax:\n\(expected)\nof:\n\(source)")
    }
  }
  guard case .rewritten(let text, _, _) = outcome, records.count == 1 else { return 0 }
  let again = records.map { record -> PendingInlineRecord in
    var record = record
    record.sourceHash = ContentHash.of(text)
    return record
  }
  switch SourceRewrite.apply(again, to: text) {
  case .upToDate: break
  case .refused(let reason): fatalError("applying again was refused (\(reason)):\n\(text)")
  case .rewritten(let second, let written, _):
    fatalError("applying again rewrote \(written) more:\n\(text)\n---\n\(second)")
  }
  return 0
}

@main enum Main {
  static func main() {
    runFuzzer { data, count in fuzzSourceRewrite(data, count) }
  }
}
