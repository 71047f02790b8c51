import Foundation

/// A value behind a lock, for state that threads share.
///
/// The toolkit's one lock, the tool's too. An `NSLock`, not the standard library's `Mutex`:
/// importing `Synchronization` makes a clean debug build of every package that uses this library
/// first compile that module from its textual interface.
@_spi(Tooling) public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
