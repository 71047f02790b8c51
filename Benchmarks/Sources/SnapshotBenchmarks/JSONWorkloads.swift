import Foundation
import JSONCBaseline
import SnapshotTesting
import Snapshots
import SnapshotsJSON

/// JSON snapshots: the pass path against swift-snapshot-testing's `.json`, canonicalisation
/// against json-c's own parse (which it is built on) and `jq -S .`, and the failure path on a
/// large document.
enum JSONWorkloads {
  struct Item: Encodable {
    var id: Int
    var name: String
    var price: Double
    var tags: [String]
    var active: Bool
  }

  static func rows() throws -> [Row] {
    try [encodablePass()] + canonicalisation() + [failingComparison()]
  }

  static func encodablePass() throws -> Row {
    let items = (0..<10_000).map {
      Item(
        id: $0, name: "item \($0)", price: Double($0) / 4, tags: ["a", "b"], active: $0 % 3 == 0)
    }
    let pass = PassPath()
    defer { pass.remove() }
    let times = pass.time(items, ours: .json, theirs: .json, runs: 5, theirRuns: 5)
    return Row(
      name: ".json, 10,000 Encodable structs, pass path", ours: times.ours, theirs: times.theirs,
      target: "≤ 1.0× (ratio ≥ 1)")
  }

  /// A document of 40,000 objects, about 7 MB.
  static func largeDocument() -> [UInt8] {
    var text = "["
    for index in 0..<40_000 {
      if index > 0 { text += "," }
      text +=
        #"{"id":\#(index),"name":"customer \#(index)","email":"c\#(index)@example.com","balance":\#(index * 7 % 1000).25,"#
      text +=
        #""tags":["vip","eu","q\#(index % 4)"],"address":{"street":"\#(index) Main Street","city":"Zürich","zip":"80\#(index % 100)"},"#
      text += #""active":\#(index % 2 == 0),"note":null}"#
    }
    return Array((text + "]").utf8)
  }

  static func canonicalisation() throws -> [Row] {
    let document = largeDocument()
    let ours = bestTime(runs: 5) {
      // What `.json` writes for JSON data: parsed by json-c and written straight from its tree.
      precondition((try? JSONValue.canonicalText(parsing: document)) != nil)
    }
    let jsonC = bestTime(runs: 5) {
      let status = document.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          baseline_jsonc_parse_free($0.baseAddress, $0.count)
        }
      }
      precondition(status == 0)
    }
    let againstJSONC = Row(
      name: String(
        format: "JSON canonicalisation, %.1f MB document, against the parse it is built on",
        Double(document.count) / 1e6),
      ours: ours, baseline: jsonC, baselineName: "json-c strict parse + free",
      target: "≤ 1.5× of it")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "large-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(document).write(to: file)
    let jq = jqTime(file)
    let name = String(
      format: "JSON canonicalisation, %.1f MB document (40,000 objects)",
      Double(document.count) / 1e6)
    guard let jq else {
      return [
        againstJSONC,
        Row(name: name, ours: ours, theirs: nil, target: "faster than jq (jq not installed)"),
      ]
    }
    return [
      againstJSONC,
      Row(
        name: name, ours: ours, baseline: jq, baselineName: "jq -S .",
        // The speed issue restated the earlier 3× against the parser the canonicaliser is built
        // on (the row above), keeping "faster than jq" here.
        target: "< 1.0× of jq"),
    ]
  }

  /// `jq -S .` on the file, output discarded, best of three; `nil` without jq.
  static func jqTime(_ file: URL) -> Double? {
    guard
      let jq = ["/usr/bin/jq", "/usr/local/bin/jq"].first(
        where: FileManager.default.isExecutableFile)
    else { return nil }
    return bestTime(runs: 3) {
      _ = try? ChildProcess.run(jq, ["-S", ".", file.path])
    }
  }

  /// swift-snapshot-testing is not run here: its `.json` failure path did not finish in 16
  /// CPU-minutes at 50,000 lines.
  static func failingComparison() throws -> Row {
    let reference = try JSONValue(parsing: largeDocument().prefix(while: { _ in true }))
      .canonicalText
    let lines = reference.split(separator: "\n", omittingEmptySubsequences: false)
    let cut = lines.prefix(50_000).joined(separator: "\n")
    // Keep a valid document: close the array after the last whole object within 50,000 lines.
    let lastObject =
      cut.range(of: "\n  },", options: .backwards).map { cut[..<$0.upperBound].dropLast() }
      ?? Substring(cut)
    let old = String(lastObject) + "\n]\n"
    let new = old.replacingOccurrences(of: "customer 100\"", with: "customer one hundred\"")
      .replacingOccurrences(
        of: "\"city\": \"Zürich\",\n    \"street\": \"4000 Main",
        with: "\"city\": \"Bern\",\n    \"street\": \"4000 Main")
    let diffing = Snapshots.Diffing<String>.json()
    precondition(diffing.diff(old, new) != nil)
    let ours = bestTime(runs: 3) { _ = diffing.diff(old, new) }
    let lineCount = old.split(separator: "\n").count
    return Row(
      name: "JSON failure report, \(lineCount.formatted())-line document", ours: ours,
      theirs: nil, target: "< 1 s (theirs did not finish in 16 CPU-min)")
  }
}
