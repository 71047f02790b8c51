#if Observability
  import Foundation
  import InMemoryLogging
  import InMemoryTracing
  import InlineSnapshots
  import Logging
  import SnapshotsObservability
  import SnapshotsStrategyLaws
  import Testing
  import Tracing

  /// `.logs`, `.trace` and `.document` on what swift-log and swift-distributed-tracing's
  /// in-memory capture hold, written the way a service writes them.
  @Suite struct ObservabilityTests {
    @Test func logLinesAreSortedRedactedAndOneLineEach() {
      let logs = LogCapture()
      let logger = logs.logger(label: "orders")
      logger.info(
        "Order placed",
        metadata: ["order": "42", "customer": ["password": "hunter2", "name": "Ann"]])
      logger.debug("Two\nlines", metadata: ["note": "a value, with = and \"quotes\""])
      logger.error(
        "Card declined", error: CardError.declined(code: 51),
        metadata: ["attempt": "2", "apiKey": "sk_live_1"])
      assertInlineSnapshot(of: logs, as: .logs) {
        """
        info orders: Order placed {customer={name=Ann, password=<redacted>}, order=42}
        debug orders: Two\\nlines {note="a value, with = and \\"quotes\\""}
        error orders: Card declined {apiKey=<redacted>, attempt=2} error: "declined(code: 51)"

        """
      }
      assertInlineSnapshot(of: Array(logs.entries.prefix(1)), as: .logs(source: true)) {
        """
        info orders [SnapshotsObservabilityTests]: Order placed {customer={name=Ann, password=<redacted>}, order=42}

        """
      }
    }

    /// A NUL, an escape, a C1 control or a line break in a message, a label, a source or a value
    /// is written as Swift writes it: it never cuts, colours or splits a line.
    @Test func controlCharactersAreWrittenEscaped() async throws {
      let logs = LogCapture()
      let logger = logs.logger(label: "my\nlog")
      logger.info(
        "red \u{1B}[31m\0 csi\u{9B}\ttab", metadata: ["plain": "a\u{9B}b", "bell": "\u{7}"],
        source: "Src\u{1B}")
      let entries = logs.entries
      let text = try await Snapshotting<[LogCapture.Entry], String>.logs(source: true)
        .snapshot(entries).value()
      #expect(!text.unicodeScalars.contains { ControlCharacters.needsEscape($0) })
      #expect(text.filter { $0 == "\n" }.count == 1)
      assertInlineSnapshot(of: entries, as: .logs(source: true)) {
        #"""
        info my\nlog [Src\u{1B}]: red \u{1B}[31m\0 csi\u{9B}\ttab {bell="\u{7}", plain="a\u{9B}b"}

        """#
      }
    }

    @Test func swiftLogsOwnInMemoryHandler() {
      let handler = InMemoryLogHandler()
      let logger = Logger(label: "app") { _ in handler }
      logger.warning("Slow", metadata: ["id": "\(UUID())", "token": "abc"])
      assertInlineSnapshot(of: handler, as: .logs) {
        """
        warning: Slow {id=<UUID-1>, token=<redacted>}

        """
      }
    }

    /// A handler that fans out 50 children in a task group, each logging: the same text on
    /// every one of 100 runs, however the children were scheduled.
    @Test func aFanOutReadsTheSameOnEveryRun() async throws {
      var texts: Set<String> = []
      for _ in 0..<100 {
        let (tracer, logs) = try await Self.fanOut()
        texts.insert(try #require(await Self.text(of: RequestDocument(tracer: tracer, logs: logs))))
      }
      #expect(texts.count == 1)
      let (tracer, logs) = try await Self.fanOut()
      assertSnapshot(of: RequestDocument(tracer: tracer, logs: logs))
    }

    /// Siblings that differ first in a UUID and then in what they did: ordered by what they
    /// did, since the UUID is a placeholder by the time the text is compared.
    @Test func aValueThatChangesEveryRunDoesNotDecideTheOrder() async throws {
      for _ in 0..<30 {
        let tracer = InMemoryTracer()
        await withTaskGroup(of: Void.self) { group in
          for index in 0..<5 {
            group.addTask {
              tracer.withSpan("job") { span in
                span.attributes["a.id"] = "\(UUID())"
                span.attributes["result"] = index * 7
              }
            }
          }
        }
        assertInlineSnapshot(of: tracer, as: .trace) {
          """
          trace <trace-1>
          - job (internal) <span-1> <duration>
            attributes:
              a.id=<UUID-1>
              result=0
          trace <trace-2>
          - job (internal) <span-2> <duration>
            attributes:
              a.id=<UUID-2>
              result=7
          trace <trace-3>
          - job (internal) <span-3> <duration>
            attributes:
              a.id=<UUID-3>
              result=14
          trace <trace-4>
          - job (internal) <span-4> <duration>
            attributes:
              a.id=<UUID-4>
              result=21
          trace <trace-5>
          - job (internal) <span-5> <duration>
            attributes:
              a.id=<UUID-5>
              result=28

          """
        }
      }
    }

    @Test func secretsInLogsAndSpansAreRedacted() async throws {
      let tracer = InMemoryTracer()
      let logs = LogCapture()
      let logger = logs.logger(label: "auth")
      tracer.withSpan("sign in") { span in
        span.attributes["auth.token"] = "eyJhbGciOi"
        span.attributes["http.request.header.authorization"] = ["Bearer abc"]
        span.attributes["user"] = "ann"
        span.attributes["url.query"] = "access_token=tok3n&page=2"
        logger.info("Signing in", metadata: ["password": "hunter2", "user": "ann"])
        logger.notice("Calling https://ann:s3cret@api.example.com/v1?api_key=k3y&page=2")
        tracer.withSpan("GET https://ann:pw0rd@api.example.com/me", ofKind: .client) { call in
          call.addEvent(SpanEvent(name: "retry ?session_id=s3ss10n"))
          call.setStatus(SpanStatus(code: .error, message: #"{"token": "t0k3n"}"#))
        }
      }
      let text = try #require(await Self.text(of: RequestDocument(tracer: tracer, logs: logs)))
      for secret in [
        "eyJhbGciOi", "abc", "hunter2", "tok3n", "s3cret", "k3y", "pw0rd", "s3ss10n", "t0k3n",
      ] {
        #expect(!text.contains(secret), "\(secret) in \(text)")
      }
      assertInlineSnapshot(of: RequestDocument(tracer: tracer, logs: logs)) {
        #"""
        trace <trace-1>
        - "sign in" (internal) <span-1> <duration>
          attributes:
            auth.token=<redacted>
            http.request.header.authorization=<redacted>
            url.query="access_token=<redacted>&page=2"
            user=ann
          log info auth: Signing in {password=<redacted>, user=ann}
          log notice auth: Calling https://<redacted>@api.example.com/v1?api_key=<redacted>&page=2
          - "GET https://<redacted>@api.example.com/me" (client, error: "{\"token\": \"<redacted>\"}") <span-2> <duration>
            event "retry ?session_id=<redacted>"

        """#
      }
    }

    @Test func aRequestAsOneDocument() {
      let tracer = InMemoryTracer()
      let logs = LogCapture()
      let logger = logs.logger(label: "orders")
      logger.notice("Listening", metadata: ["port": "8080"])
      let requestID = UUID()
      tracer.withSpan("GET /orders/{id}", ofKind: .server) { span in
        span.attributes["request.id"] = "\(requestID)"
        logger.info("Loading", metadata: ["order": "42", "request-id": "\(requestID)"])
        tracer.withSpan("SELECT orders", ofKind: .client) { query in
          query.addEvent(SpanEvent(name: "cache miss", attributes: ["table": "orders"]))
          query.setStatus(SpanStatus(code: .ok))
        }
        span.recordError(CardError.declined(code: 5))
        span.setStatus(SpanStatus(code: .error, message: "payment failed"))
      }
      let exchange = HTTPExchange(
        request: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/orders/42"),
        response: HTTPResponse(
          status: .init(code: 402, reasonPhrase: "Payment Required"),
          headerFields: [.init("X-Request-ID")!: "\(requestID)"]),
        responseBody: Data())
      assertInlineSnapshot(of: RequestDocument(exchange, tracer: tracer, logs: logs)) {
        """
        GET /orders/42 HTTP/1.1

        HTTP/1.1 402 Payment Required
        X-Request-ID: <request-id-1>

        trace <trace-1>
        - "GET /orders/{id}" (server, error: "payment failed") <span-1> <duration>
          attributes:
            request.id=<request-id-1>
          error "declined(code: 5)"
          log info orders: Loading {order=42, request-id=<request-id-1>}
          - "SELECT orders" (client, ok) <span-2> <duration>
            event "cache miss" {table=orders}

        logs outside any finished span
        notice orders: Listening {port=8080}

        """
      }
    }

    @Test func linksNameTheSpanTheyPointAt() {
      let tracer = InMemoryTracer()
      let producer = tracer.startSpan("publish", ofKind: .producer)
      producer.end()
      tracer.withSpan("consume", context: .topLevel, ofKind: .consumer) { span in
        span.addLink(SpanLink(context: producer.context, attributes: ["queue": "mail"]))
      }
      assertInlineSnapshot(of: tracer, as: .trace) {
        """
        trace <trace-1>
        - consume (consumer) <span-1> <duration>
          link <trace-2> <span-2> {queue=mail}
        trace <trace-2>
        - publish (producer) <span-2> <duration>

        """
      }
    }

    @Test func aSpanWhoseParentDidNotFinishIsARootOfItsOwn() {
      let tracer = InMemoryTracer()
      let parent = tracer.startSpan("request")
      tracer.withSpan("child", context: parent.context) { _ in }
      assertInlineSnapshot(of: tracer, as: .trace) {
        """
        trace <trace-1>
        - child (internal) <span-1> <duration> (its parent did not finish)

        """
      }
      parent.end()
    }

    @Test func durationsUnderABound() throws {
      let tracer = InMemoryTracer()
      let start = MockInstant(nanoseconds: 1_000_000_000)
      let span = tracer.startSpan("quick", at: start)
      span.end(at: MockInstant(nanoseconds: 1_012_340_000))
      let slow = tracer.startSpan("slow", at: start)
      slow.end(at: MockInstant(nanoseconds: 1_080_000_000))
      assertInlineSnapshot(of: tracer, as: .trace(durations: .atMost(.milliseconds(50)))) {
        """
        trace <trace-1>
        - quick (internal) <span-1> ≤ 50 ms
        trace <trace-2>
        - slow (internal) <span-2> took 80 ms, over 50 ms

        """
      }
    }

    @Test func theStrategiesKeepTheLaws() async throws {
      let (tracer, logs) = try await Self.fanOut(children: 3)
      let (other, otherLogs) = try await Self.fanOut(children: 2)
      await assertStrategyLaws(.logs, samples: [logs, otherLogs])
      await assertStrategyLaws(.trace, samples: [tracer, other])
      await assertStrategyLaws(
        .document,
        samples: [
          RequestDocument(tracer: tracer, logs: logs),
          RequestDocument(tracer: other, logs: otherLogs),
        ])
    }

    // MARK: -

    enum CardError: Error { case declined(code: Int) }

    struct MockInstant: TracerInstant {
      var nanosecondsSinceEpoch: UInt64
      init(nanoseconds: UInt64) { nanosecondsSinceEpoch = nanoseconds }
      static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch
      }
    }

    /// A request span whose handler starts `children` spans at once in a task group, each
    /// logging twice, and logs when they are done.
    static func fanOut(children: Int = 50) async throws -> (InMemoryTracer, LogCapture) {
      let tracer = InMemoryTracer()
      let logs = LogCapture()
      let logger = logs.logger(label: "fan-out")
      try await tracer.withSpan("GET /inventory", ofKind: .server) { _ in
        try await withThrowingTaskGroup(of: Void.self) { group in
          for index in 0..<children {
            group.addTask {
              try await tracer.withSpan("check warehouse", ofKind: .client) { span in
                span.attributes["warehouse"] = index
                logger.debug("Asking", metadata: ["warehouse": "\(index)"])
                try await Task.sleep(for: .microseconds(Int.random(in: 0..<300)))
                logger.info(
                  "Counted", metadata: ["warehouse": "\(index)", "items": "\(index * 3)"])
              }
            }
          }
          try await group.waitForAll()
        }
        logger.info("Answered", metadata: ["warehouses": "\(children)"])
      }
      return (tracer, logs)
    }

    /// What `.document` writes, filters applied, as its reference would hold it.
    static func text(of document: RequestDocument) async -> String? {
      try? await Snapshotting<RequestDocument, String>.document.snapshot(document).value()
    }
  }
#endif
