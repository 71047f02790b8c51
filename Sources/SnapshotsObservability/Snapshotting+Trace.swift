#if Observability
  import InMemoryTracing
  import Snapshots
  import Tracing

  extension Snapshotting where Value == InMemoryTracer, Format == String {
    /// The tracer's finished spans as a tree by parent: each span's operation name, kind,
    /// status and duration, its attributes sorted by name (one a line), its events, links and
    /// errors, then its children.
    ///
    /// ```
    /// trace <trace-1>
    /// - "GET /orders/42" (server, ok) <span-1> <duration>
    ///   attributes:
    ///     http.request.method=GET
    ///     http.response.status_code=200
    ///   - "load order" (client) <span-2> <duration>
    /// ```
    ///
    /// Siblings are ordered by what they are, not by when they ran, so a `TaskGroup`'s children
    /// read the same on every run; ids are numbered placeholders. Attributes that
    /// `SecretNames.default` names are `<redacted>`.
    public static var trace: Snapshotting { trace() }

    /// ``trace`` with durations kept under a bound (`.atMost(.milliseconds(50))`), these
    /// secret names, and these filters after its own.
    public static func trace(
      durations: TraceDurations = .placeholder, secrets: SecretNames = .default,
      filters: [SnapshotFilter] = []
    ) -> Snapshotting {
      Snapshotting<[FinishedInMemorySpan], String>.trace(
        durations: durations, secrets: secrets, filters: filters
      ).pullback(\.finishedSpans)
    }
  }

  extension Snapshotting where Value == [FinishedInMemorySpan], Format == String {
    /// These spans as ``Snapshotting/trace`` writes a tracer's.
    public static var trace: Snapshotting { trace() }

    public static func trace(
      durations: TraceDurations = .placeholder, secrets: SecretNames = .default,
      filters: [SnapshotFilter] = []
    ) -> Snapshotting {
      .observedText(filters: filters) { spans, filters in
        TraceText(fields: FieldText(secrets: secrets), durations: durations, filters: filters)
          .text(of: spans)
      }
    }
  }

  extension InMemoryTracer: Snapshottable {
    public static var snapshotting: Snapshotting<InMemoryTracer, String> { .trace }
  }
#endif
