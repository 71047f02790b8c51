/// Carries a value across a concurrency boundary that the caller serialises by other means
/// (a semaphore, a once-only callback).
struct UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
