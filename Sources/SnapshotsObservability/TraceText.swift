#if Observability
  import InMemoryTracing
  import Snapshots
  import Tracing

  /// What a span's duration is written as.
  public enum TraceDurations: Sendable, Equatable {
    /// `<duration>`: present, never compared.
    case placeholder
    /// `≤ 50 ms` while the span took no longer; its time and the bound when it took longer, so
    /// that a slower span fails its snapshot.
    case atMost(Duration)
  }

  /// Finished spans as a tree by parent, one trace after another.
  ///
  /// Siblings are ordered by what they are (their text as the filters leave it, their
  /// children's and the lines under them), never by when they started or finished: a fan-out
  /// of concurrent children reads the same on every run. Trace and span ids are numbered in the order the text first names
  /// them (`<trace-1>`, `<span-1>`), so a link says which span it points at.
  struct TraceText {
    let fields: FieldText
    let durations: TraceDurations
    /// The strategy's filters: a sibling's key is its text as they leave it, flat, so that a
    /// UUID or a date that differs on every run never decides an order.
    let filters: [SnapshotFilter]
    /// The lines written under each span after its own (``RequestDocument``'s log lines), by
    /// span id.
    var under: [String: [String]] = [:]

    /// A span with its children, in their order.
    private struct Node {
      var span: FinishedInMemorySpan
      var children: [Node]
      /// Its text without ids, then its children's: what siblings are ordered by.
      var key: String
      /// Whether its parent is not among the spans: it is a root of its own.
      var orphan: Bool
    }

    /// The spans' tree, trace by trace.
    func text(of spans: [FinishedInMemorySpan]) -> String {
      let ids = Set(spans.map(\.spanID))
      let children = Dictionary(grouping: spans) { $0.parentSpanID ?? "" }
      // What a link points at, in a key, where its target's number is not known yet.
      let operations = Dictionary(spans.map { ($0.spanID, $0.operationName) }) { first, _ in first }
      let isOrphan = { (span: FinishedInMemorySpan) in
        span.parentSpanID.map { !ids.contains($0) } ?? false
      }
      // Each span's own text without ids, as the filters leave it, flat: filtered together.
      var unnamed = Numbers()
      let own = SnapshotFilter.flattened(
        spans.map { span in
          lines(
            of: span, orphan: isOrphan(span), named: false, numbers: &unnamed,
            operations: operations
          ).joined(separator: "\n")
        }, by: filters)
      let ownKeys = Dictionary(zip(spans.map(\.spanID), own)) { first, _ in first }
      func node(_ span: FinishedInMemorySpan, orphan: Bool) -> Node {
        let nodes = sorted((children[span.spanID] ?? []).map { node($0, orphan: false) })
        var key = ownKeys[span.spanID] ?? ""
        // Each child's key bracketed, so that a child's child is not read as a sibling.
        for child in nodes { key += "\u{1}" + child.key + "\u{2}" }
        return Node(span: span, children: nodes, key: key, orphan: orphan)
      }
      let roots = spans.filter { span in span.parentSpanID.map { !ids.contains($0) } ?? true }
      let traces = Dictionary(grouping: roots.map { node($0, orphan: isOrphan($0)) }) {
        $0.span.traceID
      }.values.map(sorted).sorted { Self.precedes($0.map(\.key).joined(), $1.map(\.key).joined()) }
      var numbers = Numbers()
      var text = ""
      for trace in traces {
        text += "trace " + numbers.name(trace[0].span.traceID, "trace") + "\n"
        for root in trace { write(root, depth: 0, into: &text, numbers: &numbers) }
      }
      return text
    }

    private func sorted(_ nodes: [Node]) -> [Node] {
      nodes.sorted { Self.precedes($0.key, $1.key) }
    }

    /// Text order, with a run of digits compared by its value: `warehouse=2` before
    /// `warehouse=10`, as a reader counts.
    static func precedes(_ a: String, _ b: String) -> Bool {
      let (a, b) = (Array(a.utf8), Array(b.utf8))
      var (i, j) = (0, 0)
      func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
      while i < a.count && j < b.count {
        guard isDigit(a[i]) && isDigit(b[j]) else {
          if a[i] != b[j] { return a[i] < b[j] }
          (i, j) = (i + 1, j + 1)
          continue
        }
        // Leading zeros aside, the longer run is the larger number; of two as long, the first
        // digit that differs says which.
        while i < a.count && a[i] == 48 { i += 1 }
        while j < b.count && b[j] == 48 { j += 1 }
        let (startA, startB) = (i, j)
        while i < a.count && isDigit(a[i]) { i += 1 }
        while j < b.count && isDigit(b[j]) { j += 1 }
        let (runA, runB) = (a[startA..<i], b[startB..<j])
        if runA.count != runB.count { return runA.count < runB.count }
        if runA != runB { return runA.lexicographicallyPrecedes(runB) }
      }
      // One is the start of the other; of two that read as equal, the one with fewer zeros.
      return i == a.count && j < b.count || i == a.count && j == b.count && a.count < b.count
    }

    private func write(_ node: Node, depth: Int, into text: inout String, numbers: inout Numbers) {
      let indent = String(repeating: "  ", count: depth)
      for line in lines(
        of: node.span, orphan: node.orphan, named: true, numbers: &numbers, operations: [:])
      {
        text += indent + line + "\n"
      }
      for child in node.children { write(child, depth: depth + 1, into: &text, numbers: &numbers) }
    }

    /// A span's own lines: its header, attributes, events, links, errors and the lines under
    /// it; its ids `named` by `numbers`, or left out (a sibling's key, where a link names its
    /// target's operation, from `operations`).
    private func lines(
      of span: FinishedInMemorySpan, orphan: Bool, named: Bool, numbers: inout Numbers,
      operations: [String: String]
    ) -> [String] {
      // A name or a message can carry a secret too: a client span named after its URL.
      let text = { FieldText.quoted(fields.withoutSecrets($0)) }
      var header = "- " + text(span.operationName) + " (" + kind(span.kind)
      if let status = span.status {
        switch status.code {
        case .ok: header += ", ok"
        case .error: header += ", error" + (status.message.map { ": " + text($0) } ?? "")
        }
      }
      header += ")"
      if named { header += " " + numbers.name(span.spanID, "span") }
      header += " " + duration(of: span)
      if orphan { header += " (its parent did not finish)" }
      var lines = [header]
      // One attribute a line: a span carries many, and a diff shows the one that changed.
      let attributes = FieldText.Value.fields(span.attributes)
      if !attributes.isEmpty { lines.append("  attributes:") }
      lines += fields.lines(attributes).map { "    " + $0 }
      for event in span.events {
        lines.append(
          "  event " + text(event.name) + fields.suffix(FieldText.Value.fields(event.attributes)))
      }
      for link in span.links {
        var target = ""
        if let context = link.context.inMemorySpanContext {
          target =
            named
            ? " " + numbers.name(context.traceID, "trace") + " "
              + numbers.name(context.spanID, "span")
            : operations[context.spanID].map { " to " + text($0) } ?? ""
        }
        lines.append("  link" + target + fields.suffix(FieldText.Value.fields(link.attributes)))
      }
      for error in span.errors {
        lines.append(
          "  error " + text(String(describing: error.error))
            + fields.suffix(FieldText.Value.fields(error.attributes)))
      }
      lines += (under[span.spanID] ?? []).map { "  " + $0 }
      return lines
    }

    private func kind(_ kind: SpanKind) -> String {
      switch kind {
      case .server: "server"
      case .client: "client"
      case .producer: "producer"
      case .consumer: "consumer"
      case .internal: "internal"
      }
    }

    private func duration(of span: FinishedInMemorySpan) -> String {
      switch durations {
      case .placeholder: return "<duration>"
      case .atMost(let bound):
        let took = Duration.nanoseconds(
          Int64(span.endInstant.nanosecondsSinceEpoch)
            - Int64(span.startInstant.nanosecondsSinceEpoch))
        return took <= bound
          ? "≤ " + Self.milliseconds(bound)
          : "took " + Self.milliseconds(took) + ", over " + Self.milliseconds(bound)
      }
    }

    /// `12 ms`, `12.5 ms`: tenths at most, the same in every locale.
    private static func milliseconds(_ duration: Duration) -> String {
      let (seconds, attoseconds) = duration.components
      let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
      return "\(tenths / 10)" + (tenths % 10 == 0 ? "" : ".\(tenths % 10)") + " ms"
    }

    /// The numbers of the ids named so far, by kind: the first is 1.
    struct Numbers {
      private var numbers: [String: [String: Int]] = [:]

      mutating func name(_ id: String, _ kind: String) -> String {
        if let known = numbers[kind]?[id] { return "<\(kind)-\(known)>" }
        // Added in place: a copy of the kind's numbers kept across the write would copy them
        // all on every new id.
        let number = (numbers[kind]?.count ?? 0) + 1
        numbers[kind, default: [:]][id] = number
        return "<\(kind)-\(number)>"
      }
    }
  }
#endif
