/// Which assertion each reference file belongs to, in this process, so that two different
/// assertions never compare against one file silently.
///
/// An assertion is its test (a Swift Testing test's name and place, with a case's arguments, or
/// XCTest's test case name) and its `named:` or number. Two tests with one function name in two
/// suites of a file, `named: "1"` beside the first unnamed snapshot, or names that sanitise alike
/// all resolve to one file: the second to arrive fails and names both. The same assertion again (a
/// repetition, or a loop) is the same claimant.
final class ReferenceClaims: Sendable {
  static let shared = ReferenceClaims()

  /// One assertion: its test, and its `named:` or else the number in its reference's stem.
  ///
  /// Described only when two meet, so the usual assertion builds no text for it.
  struct Claimant: Sendable, CustomStringConvertible {
    /// Its test (``TestContext/identity``).
    var test: TestIdentity
    var name: String?
    /// `<test>.<number>` when unnamed.
    var stem: String

    var description: String {
      if let name { return "\(test), named: \"\(name)\"" }
      let number = stem.lastIndex(of: ".").map { stem[stem.index(after: $0)...] } ?? stem[...]
      return "\(test), snapshot \(number)"
    }

    func isSame(as other: Claimant) -> Bool {
      test == other.test && name == other.name && stem == other.stem
    }
  }

  private let claims = Locked([String: Claimant](minimumCapacity: 1024))

  /// The other assertion that already uses `path`, if one does; else `claimant` now owns it.
  func claim(_ path: String, for claimant: Claimant) -> String? {
    claims.withLock { claims in
      // One lookup for a path not claimed yet, the usual case.
      guard let owner = claims.updateValue(claimant, forKey: path) else { return nil }
      if owner.isSame(as: claimant) { return nil }
      claims[path] = owner
      return owner.description
    }
  }

  /// The failure message when two assertions resolve to one reference.
  static func conflict(path: String, first: String, second: String) -> String {
    """
    Two different assertions resolve to one reference, \(path):
      \(first)
      \(second)
    Nothing was compared or written. Give one of them its own name with named:, or rename a test.
    """
  }
}
