import Foundation
@_spi(Tooling) import Snapshots

extension Array {
  /// `transform` of each element, in order, worked out on every core: reading and diffing
  /// tens of thousands of pending records is most of what `pending`, `--accept` and the
  /// reviews cost before they show or write anything.
  ///
  /// The elements are cut into one slice per core, each transformed in order on its own thread;
  /// `transform` must not touch shared mutable state.
  func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T]
  where Element: Sendable {
    let slices = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount)
    guard slices > 1 else { return map(transform) }
    let parts = Locked([[T]](repeating: [], count: slices))
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
      let part = self[(count * slice / slices)..<(count * (slice + 1) / slices)].map(transform)
      parts.withLock { $0[slice] = part }
    }
    return parts.withLock { $0 }.flatMap { $0 }
  }
}
