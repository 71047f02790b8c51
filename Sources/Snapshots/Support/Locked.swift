import Foundation

/// A value behind a lock, for state that threads share.
///
/// An `NSLock`, not the standard library's `Mutex`: importing `Synchronization` made a clean
/// debug build of every package that uses this library first compile that module from its
/// textual interface (for the index SwiftPM writes as it builds), about 2 s on the build's
/// critical path.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
