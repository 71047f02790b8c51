#if Observability
  import InMemoryLogging
  import Logging
  import Snapshots

  extension Snapshotting where Value == LogCapture, Format == String {
    /// Each entry on a line, in the order written: level, label, message, then its metadata
    /// sorted by key, and its error.
    ///
    /// ```
    /// info orders: Order placed {order=42, password=<redacted>}
    /// error payments: Card declined {attempt=2} error: "declined(code: 51)"
    /// ```
    ///
    /// The values of metadata keys that `SecretNames.default` names are `<redacted>`, at any
    /// depth; request ids (`request-id=…`, `hb.request.id=…`), UUIDs and ISO 8601 dates are
    /// numbered placeholders (`<request-id-1>`, `<UUID-1>`, `<date-1>`).
    public static var logs: Snapshotting { logs() }

    /// ``logs`` with each entry's source (`info orders [Orders]: …`), these secret names rather
    /// than `SecretNames.default`, and these filters after its own.
    public static func logs(
      source: Bool = false, secrets: SecretNames = .default, filters: [SnapshotFilter] = []
    ) -> Snapshotting {
      Snapshotting<[LogCapture.Entry], String>.logs(
        source: source, secrets: secrets, filters: filters
      ).pullback(\.entries)
    }
  }

  extension Snapshotting where Value == [LogCapture.Entry], Format == String {
    /// These entries as ``Snapshotting/logs`` writes a capture's: a capture's entries
    /// filtered first (`logs.entries.filter { $0.level >= .warning }`).
    public static var logs: Snapshotting { logs() }

    public static func logs(
      source: Bool = false, secrets: SecretNames = .default, filters: [SnapshotFilter] = []
    ) -> Snapshotting {
      .observedText(filters: filters) { entries, _ in
        let text = LogText(fields: FieldText(secrets: secrets), source: source)
        return entries.map { text.line($0) + "\n" }.joined()
      }
    }
  }

  extension Snapshotting where Value == InMemoryLogHandler, Format == String {
    /// The entries of swift-log's own in-memory handler, as ``Snapshotting/logs`` writes a
    /// ``LogCapture``'s; it keeps no label or source, so a line has neither.
    public static var logs: Snapshotting { logs() }

    public static func logs(
      secrets: SecretNames = .default, filters: [SnapshotFilter] = []
    ) -> Snapshotting {
      .observedText(filters: filters) { handler, _ in
        let text = LogText(fields: FieldText(secrets: secrets), source: false)
        return handler.entries.map { entry in
          text.line(
            level: entry.level, label: nil, source: nil, message: entry.message,
            metadata: entry.metadata, error: entry.error) + "\n"
        }.joined()
      }
    }
  }

  extension Snapshotting where Format == String {
    /// The one way the strategies of logs and traces are made: lines, `.txt` files, request
    /// ids, UUIDs and ISO 8601 dates numbered, then the caller's filters; `write` is given them
    /// all, for what it orders by text.
    static func observedText(
      filters: [SnapshotFilter], _ write: @escaping (Value, [SnapshotFilter]) -> String
    ) -> Snapshotting {
      let all = [.requestIDs, .uuids, .iso8601Dates] + filters
      return Snapshotting<String, String>.lines.pullback { write($0, all) }.filtered(all)
    }
  }

  extension LogCapture: Snapshottable {
    public static var snapshotting: Snapshotting<LogCapture, String> { .logs }
  }

  /// How an entry is written on its line.
  struct LogText {
    let fields: FieldText
    /// Whether the entry's source is written after its label.
    let source: Bool

    func line(_ entry: LogCapture.Entry) -> String {
      line(
        level: entry.level, label: entry.label, source: source ? entry.source : nil,
        message: entry.message, metadata: entry.metadata, error: entry.error)
    }

    /// `level label [source]: message {metadata} error: "…"`, on one line whatever the message
    /// holds.
    func line(
      level: Logger.Level, label: String?, source: String?, message: Logger.Message,
      metadata: Logger.Metadata, error: (any Error)?
    ) -> String {
      var line = level.rawValue
      if let label { line += " " + FieldText.escaped(label) }
      if let source { line += " [" + FieldText.escaped(source) + "]" }
      line += ": " + FieldText.escaped(fields.withoutSecrets(message.description))
      line += fields.suffix(FieldText.Value.fields(metadata))
      if let error {
        line += " error: " + FieldText.quoted(fields.withoutSecrets(String(describing: error)))
      }
      return line
    }
  }
#endif
