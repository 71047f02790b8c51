#if Observability
  import Foundation
  import InMemoryTracing
  import Logging
  @_spi(Tooling) import Snapshots
  import Tracing

  /// swift-log entries kept in memory for a snapshot, with what swift-log's
  /// `InMemoryLogHandler` leaves out: each logger's label, the entry's source, and the span
  /// that was active when it was written, so that ``RequestDocument`` places it under its span.
  ///
  /// ```swift
  /// let logs = LogCapture()
  /// let logger = logs.logger(label: "orders")
  /// logger.info("Order placed", metadata: ["order": "42"])
  /// assertSnapshot(of: logs, as: .logs)   // info orders: Order placed {order=42}
  /// ```
  ///
  /// A library that makes its own loggers through `LoggingSystem` is captured by bootstrapping
  /// it with ``handler(label:)`` once per test process; that capture is then every test's, so
  /// the tests that read it run `.serialized` and ``clear()`` it first. (Vapor and Hummingbird
  /// take a logger: give them ``logger(label:level:metadataProvider:)``'s.)
  public final class LogCapture: Sendable {
    /// One entry, as its logger wrote it.
    public struct Entry: Sendable {
      public var label: String
      public var level: Logger.Level
      public var message: Logger.Message
      /// The logger's metadata, its metadata provider's, then the entry's own.
      public var metadata: Logger.Metadata
      public var error: (any Error)?
      public var source: String
      public var file: String
      public var line: UInt
      /// The `InMemoryTracer` span active when it was written: `nil` outside any.
      public var span: InMemorySpanContext?
    }

    private let store = Locked<[Entry]>([])

    public init() {}

    /// Every entry so far, in the order they were written.
    public var entries: [Entry] { store.withLock { $0 } }

    /// Forgets every entry so far.
    public func clear() { store.withLock { $0.removeAll() } }

    /// A logger whose entries this keeps: every level unless told otherwise.
    public func logger(
      label: String, level: Logger.Level = .trace,
      metadataProvider: Logger.MetadataProvider? = nil
    ) -> Logger {
      var logger = Logger(label: label) { label in self.handler(label: label) }
      logger.logLevel = level
      logger.handler.metadataProvider = metadataProvider
      return logger
    }

    /// A handler that keeps what a logger of this label writes: for
    /// `LoggingSystem.bootstrap(capture.handler)`.
    public func handler(label: String) -> Handler { Handler(label: label, capture: self) }

    /// The `LogHandler` behind ``logger(label:level:metadataProvider:)``.
    public struct Handler: LogHandler {
      public let label: String
      let capture: LogCapture
      public var metadata: Logger.Metadata = [:]
      public var metadataProvider: Logger.MetadataProvider?
      public var logLevel: Logger.Level = .trace

      public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
      }

      public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() {
          merged.merge(provided) { $1 }
        }
        if let own = event.metadata {
          merged.merge(own) { $1 }
        }
        let entry = Entry(
          label: label, level: event.level, message: event.message, metadata: merged,
          error: event.error, source: event.source, file: event.file, line: event.line,
          span: ServiceContext.current?.inMemorySpanContext)
        capture.store.withLock { $0.append(entry) }
      }
    }
  }
#endif
