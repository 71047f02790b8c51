import Foundation

/// A value that is produced later: at once, through a callback, or by an `async` function.
///
/// Strategies that render asynchronously return one from their snapshot closure.
///
/// ```swift
/// let rendered = Async<String> { callback in renderer.render(page) { callback($0) } }
/// let fetched = Async<String> { try await client.text(for: request) }
/// ```
public struct Async<Value> {
  enum Source {
    case ready(Result<Value, any Error>)
    case callback((@escaping (Result<Value, any Error>) -> Void) -> Void)
    case operation(() async throws -> Value)
  }

  let source: Source

  /// A value that is already known.
  public init(value: Value) {
    source = .ready(.success(value))
  }

  /// A value delivered once, from any thread, to `callback`; later calls are ignored.
  public init(run: @escaping (_ callback: @escaping @Sendable (Value) -> Void) -> Void) {
    source = .callback { deliver in
      let deliver = UncheckedBox(deliver)
      run { deliver.value(.success($0)) }
    }
  }

  /// A value computed by an `async` function, which may throw.
  public init(_ operation: @escaping () async throws -> Value) {
    source = .operation(operation)
  }

  /// A value computed at once by a function that may throw; an error fails the assertion.
  public init(catching compute: () throws -> Value) {
    source = .ready(Result(catching: compute))
  }

  init(result: Result<Value, any Error>) {
    source = .ready(result)
  }

  /// Transforms the value once it is known.
  public func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> Async<NewValue> {
    flatMap { Async<NewValue>(value: transform($0)) }
  }

  func flatMap<NewValue>(_ transform: @escaping (Value) -> Async<NewValue>) -> Async<NewValue> {
    switch source {
    case .ready(.success(let value)):
      return transform(value)
    case .ready(.failure(let error)):
      return Async<NewValue>(result: .failure(error))
    case .callback(let run):
      return Async<NewValue>(
        source: .callback { deliver in
          run { result in
            switch result {
            case .success(let value): transform(value).deliver(to: deliver)
            case .failure(let error): deliver(.failure(error))
            }
          }
        })
    case .operation(let operation):
      return Async<NewValue> { try await transform(try await operation()).value() }
    }
  }

  private init(source: Source) {
    self.source = source
  }

  /// The value, awaited.
  public func value() async throws -> Value {
    switch source {
    case .ready(let result):
      return try result.get()
    case .operation(let operation):
      return try await operation()
    case .callback(let run):
      let box = UncheckedBox(run)
      return try await withCheckedThrowingContinuation { continuation in
        let once = OnceFlag()
        box.value { result in
          if once.claim() { continuation.resume(with: UncheckedBox(result).value) }
        }
      }
    }
  }

  /// Hands the value to `callback` when it is ready, as swift-snapshot-testing's `Async` does.
  ///
  /// An error has no place in that callback: it is written to standard error and the callback
  /// is not called (an assertion then times out). Prefer ``value()``, which throws it.
  public func run(_ callback: @escaping (Value) -> Void) {
    deliver { result in
      switch result {
      case .success(let value): callback(value)
      case .failure(let error):
        FileHandle.standardError.write(
          Data("snapshot failed: \(ControlCharacters.escaped("\(error)"))\n".utf8))
      }
    }
  }

  /// Calls `deliver` with the value: at once when known, otherwise when it arrives.
  func deliver(to deliver: @escaping (Result<Value, any Error>) -> Void) {
    switch source {
    case .ready(let result):
      deliver(result)
    case .callback(let run):
      run(deliver)
    case .operation(let operation):
      let pending = PendingOperation(operation: operation, deliver: deliver)
      Task(executorPreference: SnapshotExecutor.shared) { await pending.run() }
    }
  }
}

/// An `async` snapshot and where its result goes, handed to the executor's thread as one object.
private final class PendingOperation<Value>: @unchecked Sendable {
  let operation: () async throws -> Value
  let deliver: (Result<Value, any Error>) -> Void

  init(
    operation: @escaping () async throws -> Value,
    deliver: @escaping (Result<Value, any Error>) -> Void
  ) {
    self.operation = operation
    self.deliver = deliver
  }

  func run() async {
    do { deliver(.success(try await operation())) } catch { deliver(.failure(error)) }
  }
}

extension Async {
  /// Combines values in order; used to snapshot several inputs with one witness strategy.
  static func sequence(_ values: [Async<Value>]) -> Async<[Value]> {
    values.reduce(Async<[Value]>(value: [])) { partial, next in
      partial.flatMap { collected in next.map { collected + [$0] } }
    }
  }
}
