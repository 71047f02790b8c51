/// The numbers a snapshot's numbered placeholders have: the first distinct value of a kind is 1,
/// the next 2, the same value again the same number.
///
/// Each snapshot value numbers its own (an exchange's request and response are one value, so an
/// echoed id reads the same on both sides). A scope that shares numbering
/// (``SnapshotTestingConfiguration/PlaceholderNumbering/perTest``) hands every assertion in it
/// one table, so the id a first snapshot calls `<UUID-1>` is `<UUID-1>` in the next.
final class PlaceholderNumbers: Sendable {
  private let numbers = Locked<[String: [String: Int]]>([:])

  /// A table of its own with the same numbers.
  func copy() -> PlaceholderNumbers {
    let copy = PlaceholderNumbers()
    copy.numbers.withLock { $0 = numbers.withLock { $0 } }
    return copy
  }

  /// The number of `value` among the values of `kind`.
  func number(of value: String, kind: String) -> Int {
    numbers.withLock { numbers in
      if let known = numbers[kind]?[value] { return known }
      let next = (numbers[kind]?.count ?? 0) + 1
      numbers[kind, default: [:]][value] = next
      return next
    }
  }
}

extension SnapshotTestingConfiguration {
  /// Whether numbered placeholders are counted per snapshot or across a test's assertions.
  public enum PlaceholderNumbering: Sendable, Equatable {
    /// Each snapshot value counts from 1: a reference does not change when another assertion
    /// comes before it.
    case perSnapshot
    /// Every assertion in the scope counts on: the same id is the same placeholder in each of
    /// one test's snapshots (a created resource, then fetched).
    case perTest
  }
}
