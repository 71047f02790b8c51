import Foundation

/// A strategy for turning values of one type into a snapshot format, and comparing snapshots.
///
/// A strategy is a value, not a protocol: it holds the path extension of its reference files, a
/// ``Diffing`` for its format, and a closure that produces the format from a value. New strategies
/// are built from existing ones with `pullback(_:)`.
///
/// ```swift
/// extension Snapshotting where Value == Invoice, Format == String {
///   static let summary = Snapshotting<String, String>.lines.pullback { $0.summaryText }
/// }
/// assertSnapshot(of: invoice, as: .summary)
/// ```
public struct Snapshotting<Value, Format> {
  /// The extension of reference files, without the dot (`"txt"`); `nil` writes no extension.
  public var pathExtension: String?

  /// How the format is stored and compared.
  public var diffing: Diffing<Format>

  /// Produces the format from a value, possibly asynchronously.
  public var snapshot: (Value) -> Async<Format> {
    get { asyncSnapshot }
    set {
      asyncSnapshot = newValue
      synchronousSnapshot = nil
    }
  }

  private var asyncSnapshot: (Value) -> Async<Format>

  /// The same as ``snapshot``, for a strategy made only of synchronous steps.
  ///
  /// An assertion calls it directly rather than wrapping each step's value in an `Async` and
  /// unwrapping it again (Benchmarks/README.md says what that costs). Dropped when ``snapshot``
  /// is replaced.
  private(set) var synchronousSnapshot: ((Value) -> Format)?

  /// Applied to each snapshot of a text strategy before it is compared or recorded
  /// (`filtered(_:)`); kept through pullbacks.
  var filters: [SnapshotFilter] = []

  /// The changes `snapshot-record --sensitivity` tries on a captured value, to check that the
  /// comparison catches them (``SnapshotChange``).
  ///
  /// `nil` for a text strategy changes each line (``SnapshotChange/lines(of:limit:)``); JSON
  /// changes each leaf, an image a block of pixels outside its masks, HTML an element, an
  /// outline a name. Kept through pullbacks.
  public var changes: ((Format) -> [SnapshotChange<Format>])?

  /// The parts of the machine that give this strategy's references a file per environment.
  ///
  /// Set by `perEnvironment(_:)`; `nil` defers to the scope. Kept through pullbacks.
  var environment: SnapshotEnvironment?

  /// Whether the strategy times its snapshot itself, as a screenshot does.
  ///
  /// Such a strategy fails once its own time is up; an assertion waits for it to end and
  /// applies no `timeout:` of its own, so that one budget, the strategy's, bounds it. Kept
  /// through pullbacks.
  package var timesItself = false

  /// This strategy with a reference per environment (``SnapshotEnvironment``).
  ///
  /// `chart.1.linux-x86_64.png` on Linux, beside `chart.1.macos-arm64.png`. It wins over a
  /// scope's or a suite's choice.
  ///
  /// ```swift
  /// assertSnapshot(of: chart.render(), as: .png.perEnvironment())
  /// ```
  public func perEnvironment(_ parts: SnapshotEnvironment = .platform) -> Snapshotting {
    var scoped = self
    scoped.environment = parts
    return scoped
  }

  /// Creates a strategy whose snapshot is computed asynchronously (callback or `async`).
  public init(
    pathExtension: String?,
    diffing: Diffing<Format>,
    asyncSnapshot: @escaping (_ value: Value) -> Async<Format>
  ) {
    self.pathExtension = pathExtension
    self.diffing = diffing
    self.asyncSnapshot = asyncSnapshot
  }

  /// Creates a strategy whose snapshot is computed synchronously.
  public init(
    pathExtension: String?,
    diffing: Diffing<Format>,
    snapshot: @escaping (_ value: Value) -> Format
  ) {
    self.init(pathExtension: pathExtension, diffing: diffing) { Async(value: snapshot($0)) }
    synchronousSnapshot = snapshot
  }

  /// Transforms a strategy on `Value` into one on `NewValue`.
  ///
  /// Start from a strategy for a type you can produce, then describe how to produce it:
  ///
  /// ```swift
  /// let strategy: Snapshotting<Chart, String> = .lines.pullback { $0.asciiArt() }
  /// ```
  public func pullback<NewValue>(
    _ transform: @escaping (_ otherValue: NewValue) -> Value
  ) -> Snapshotting<NewValue, Format> {
    var pulled = asyncPullback { Async(value: transform($0)) }
    if let synchronous = synchronousSnapshot {
      pulled.synchronousSnapshot = { synchronous(transform($0)) }
    }
    return pulled
  }

  /// Transforms a strategy on `Value` into one on `NewValue` through an asynchronous step.
  public func asyncPullback<NewValue>(
    _ transform: @escaping (_ otherValue: NewValue) -> Async<Value>
  ) -> Snapshotting<NewValue, Format> {
    var pulled = Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) {
      newValue in transform(newValue).flatMap(self.snapshot)
    }
    pulled.filters = filters
    pulled.environment = environment
    pulled.changes = changes
    pulled.timesItself = timesItself
    return pulled
  }

  /// Transforms a strategy on `Value` into one on `NewValue` through an `async` function.
  ///
  /// ```swift
  /// let strategy: Snapshotting<URL, String> = .lines.pullback { try await fetchText($0) }
  /// ```
  public func pullback<NewValue>(
    _ transform: @escaping (_ otherValue: NewValue) async throws -> Value
  ) -> Snapshotting<NewValue, Format> {
    asyncPullback { newValue in Async { try await transform(newValue) } }
  }
}

/// A strategy whose value and format are the same type, such as `String` for `.lines`.
public typealias SimplySnapshotting<Format> = Snapshotting<Format, Format>

extension Snapshotting where Value == Format {
  /// Creates a strategy that stores values of a format as they are.
  public init(pathExtension: String?, diffing: Diffing<Format>) {
    self.init(pathExtension: pathExtension, diffing: diffing, snapshot: { $0 })
  }
}
