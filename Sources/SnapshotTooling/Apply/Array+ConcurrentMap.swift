import Foundation
@_spi(Tooling) import Snapshots

extension Array {
  /// `transform` of each element, in order, worked out on `threads` threads at once (one per
  /// core unless told): reading and diffing tens of thousands of pending records is most of
  /// what `pending`, `--accept` and the reviews cost before they show or write anything.
  ///
  /// The elements are cut into one slice per thread, each transformed in order; `transform`
  /// must not touch shared mutable state.
  func concurrentMap<T: Sendable>(
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ transform: @escaping @Sendable (Element) -> T
  ) -> [T]
  where Element: Sendable {
    let slices = Swift.min(count, threads)
    guard slices > 1 else { return map(transform) }
    let parts = Locked([[T]](repeating: [], count: slices))
    let group = DispatchGroup()
    @Sendable func run(_ slice: Int) {
      let part = self[(count * slice / slices)..<(count * (slice + 1) / slices)].map(transform)
      parts.withLock { $0[slice] = part }
    }
    for slice in 1..<slices {
      group.enter()
      Thread.detachNewThread {
        run(slice)
        group.leave()
      }
    }
    run(0)
    group.wait()
    return parts.withLock { $0 }.flatMap { $0 }
  }
}

extension Int {
  /// Threads for work that mostly waits for the file system (a rename, a removal): more than
  /// the cores, since each waits for the disk rather than a core (figures in
  /// `Benchmarks/README.md`).
  static let fileSystemThreads = 8
}
