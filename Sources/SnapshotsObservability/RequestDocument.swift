#if Observability
  import InMemoryTracing
  import SnapshotsHTTP
  import Tracing

  /// A request as one document a reviewer reads top to bottom: the exchange as `.http` writes
  /// it, then the trace, each log line under the span that was active when it was written,
  /// then the log lines written outside any finished span.
  ///
  /// ```swift
  /// let document = RequestDocument(exchange, tracer: tracer, logs: logs)
  /// assertSnapshot(of: document)   // .document
  /// ```
  public struct RequestDocument: Sendable {
    /// `nil` for work that is not a request (a job, a message consumed): its trace and logs.
    public var exchange: HTTPExchange?
    public var spans: [FinishedInMemorySpan]
    public var logs: [LogCapture.Entry]

    public init(
      _ exchange: HTTPExchange? = nil, spans: [FinishedInMemorySpan] = [],
      logs: [LogCapture.Entry] = []
    ) {
      self.exchange = exchange
      self.spans = spans
      self.logs = logs
    }

    /// The tracer's finished spans and the capture's entries so far.
    public init(_ exchange: HTTPExchange? = nil, tracer: InMemoryTracer, logs: LogCapture) {
      self.init(exchange, spans: tracer.finishedSpans, logs: logs.entries)
    }
  }

  extension Snapshotting where Value == RequestDocument, Format == String {
    /// The exchange (as `.http` writes it), the trace (``Snapshotting/trace``) with each log
    /// line (``Snapshotting/logs``) under its span as `log …`, and the log lines outside any
    /// finished span.
    ///
    /// A span's log lines come after its own lines and before its children, in the order they
    /// were written; lines written at once by tasks without spans of their own keep the order
    /// they happened to be written in, so give each concurrent task its span.
    ///
    /// ```
    /// GET /orders/42 HTTP/1.1
    ///
    /// HTTP/1.1 200 OK
    /// Content-Type: application/json
    ///
    /// {
    ///   "id": 42
    /// }
    ///
    /// trace <trace-1>
    /// - "GET /orders/42" (server, ok) <span-1> <duration>
    ///   log info orders: Loading {order=42}
    ///   - "load order" (client) <span-2> <duration>
    ///
    /// logs outside any finished span
    /// notice server: Listening {port=8080}
    /// ```
    ///
    /// One list of secret names serves the three parts; request ids, HTTP dates, UUIDs and ISO
    /// 8601 dates are numbered across the whole document, so an id the response returns and a log line
    /// repeats is one placeholder.
    public static var document: Snapshotting { document() }

    /// ``document`` with each log line's source, durations kept under a bound, these secret
    /// names, and these filters after its own.
    public static func document(
      source: Bool = false, durations: TraceDurations = .placeholder,
      secrets: SecretNames = .default, filters: [SnapshotFilter] = []
    ) -> Snapshotting {
      let http = HTTPText(secrets: secrets)
      return .observedText(filters: [.httpDates] + filters) { document, filters in
        let fields = FieldText(secrets: secrets)
        let log = LogText(fields: fields, source: source)
        var sections: [String] = []
        if let exchange = document.exchange { sections.append(http.text(of: exchange)) }
        let spanIDs = Set(document.spans.map(\.spanID))
        var trace = TraceText(fields: fields, durations: durations, filters: filters)
        var outside: [String] = []
        for entry in document.logs {
          if let span = entry.span?.spanID, spanIDs.contains(span) {
            trace.under[span, default: []].append("log " + log.line(entry))
          } else {
            outside.append(log.line(entry))
          }
        }
        if !document.spans.isEmpty { sections.append(trace.text(of: document.spans)) }
        if !outside.isEmpty {
          sections.append(
            (document.spans.isEmpty ? "logs\n" : "logs outside any finished span\n")
              + outside.map { $0 + "\n" }.joined())
        }
        return sections.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
      }
    }
  }

  extension RequestDocument: Snapshottable {
    public static var snapshotting: Snapshotting<RequestDocument, String> { .document }
  }
#endif
