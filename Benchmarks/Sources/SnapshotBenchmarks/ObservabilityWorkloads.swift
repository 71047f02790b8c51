import Foundation
import SnapshotsObservability

/// `.trace` of 1,000 spans and `.logs` of 10,000 entries, against the floor a test writes by
/// hand: each span or entry as `String(describing:)` gives its parts, siblings sorted by that
/// text, metadata sorted by key.
enum ObservabilityWorkloads {
  static func rows() throws -> [Row] {
    let tracer = InMemoryTracer()
    // A request, nine handlers under it, 110 queries under each: 1,000 spans.
    tracer.withSpan("GET /inventory", ofKind: .server) { root in
      root.attributes["http.request.method"] = "GET"
      for handler in 0..<9 {
        tracer.withSpan("handler", ofKind: .internal) { span in
          span.attributes["handler"] = handler
          for query in 0..<110 {
            tracer.withSpan("SELECT stock", ofKind: .client) { span in
              span.attributes["db.statement"] = "SELECT count FROM stock WHERE id = \(query)"
              span.attributes["row"] = query * handler
            }
          }
        }
      }
    }
    let spans = tracer.finishedSpans
    precondition(spans.count == 1_000)
    let trace = Snapshotting<[FinishedInMemorySpan], String>.trace
    let oursTrace = bestTime(runs: 5) {
      var text = ""
      trace.snapshot(spans).run { text = $0 }
      precondition(text.count > 1_000)
    }
    let floorTrace = bestTime(runs: 5) {
      let children = Dictionary(grouping: spans) { $0.parentSpanID ?? "" }
      func described(_ span: FinishedInMemorySpan) -> String {
        "\(span.operationName) \(String(describing: span.kind)) \(String(describing: span.attributes))"
      }
      func write(_ spans: [FinishedInMemorySpan], depth: Int, into text: inout String) {
        let lines = spans.map { ($0, described($0)) }.sorted { $0.1 < $1.1 }
        for (span, line) in lines {
          text += String(repeating: "  ", count: depth) + line + "\n"
          write(children[span.spanID] ?? [], depth: depth + 1, into: &text)
        }
      }
      var text = ""
      write(children[""] ?? [], depth: 0, into: &text)
      precondition(text.count > 1_000)
    }

    let logs = LogCapture()
    let logger = logs.logger(label: "inventory")
    for index in 0..<10_000 {
      logger.info(
        "Counted a shelf",
        metadata: [
          "shelf": "\(index % 40)", "items": "\(index)", "request": "req-\(index / 10)",
          "user": ["name": "Ann", "id": "\(index % 7)"],
        ])
    }
    let entries = logs.entries
    let strategy = Snapshotting<[LogCapture.Entry], String>.logs
    let oursLogs = bestTime(runs: 5) {
      var text = ""
      strategy.snapshot(entries).run { text = $0 }
      precondition(text.count > 10_000)
    }
    let floorLogs = bestTime(runs: 5) {
      var text = ""
      for entry in entries {
        let metadata = entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        text += "\(entry.level) \(entry.label): \(entry.message) \(metadata)\n"
      }
      precondition(text.count > 10_000)
    }
    return [
      Row(
        name: ".trace of 1,000 spans (a request, 9 handlers, 110 queries each)", ours: oursTrace,
        baseline: floorTrace,
        baselineName: "String(describing:) of each span, siblings sorted", target: "report"),
      Row(
        name: ".logs of 10,000 entries with 4 metadata keys, one nested", ours: oursLogs,
        baseline: floorLogs, baselineName: "String(describing:) of each entry, metadata sorted",
        target: "report"),
    ]
  }
}
