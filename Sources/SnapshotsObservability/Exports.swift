// `import SnapshotsObservability` alone is enough to snapshot what a test logged and traced:
// swift-log's and swift-distributed-tracing's APIs and in-memory capture come with it, and
// `.http` and `HTTPExchange` for a request's whole document.
@_exported import SnapshotsHTTP

#if Observability
  @_exported import InMemoryLogging
  @_exported import InMemoryTracing
  @_exported import Logging
  @_exported import Tracing
#endif
