/// Numbers the unnamed snapshots of each test run: 1, 2, … per test and run, never per process,
/// so parallel tests and repeated runs get the same names every time.
final class SnapshotCounter: Sendable {
  static let shared = SnapshotCounter()

  /// The references of one test: its folder and its part of their names.
  struct Test {
    var directoryPath: String
    var base: String
  }

  private let counts = Locked([String: Int](minimumCapacity: 1024))

  /// The next number for `test`'s unnamed snapshots within the test run `execution`.
  func next(execution: String, test: Test) -> Int {
    // One string for the key: in the debug build tests use, hashing a struct of strings runs
    // generic code. Made with one allocation, where each `+` would make a string.
    var key = ""
    key.reserveCapacity(
      execution.utf8.count + test.directoryPath.utf8.count + test.base.utf8.count + 2)
    key.append(execution)
    key.append("\u{0}")
    key.append(test.directoryPath)
    key.append("/")
    key.append(test.base)
    return counts.withLock { counts in
      // One lookup, through the dictionary's in-place access.
      func increment(_ count: inout Int) -> Int {
        count += 1
        return count
      }
      return increment(&counts[key, default: 0])
    }
  }
}
