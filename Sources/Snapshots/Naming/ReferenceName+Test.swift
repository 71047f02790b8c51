/// Which test a reference's name belongs to, read back with the rule ``SnapshotLocation``
/// names references by: what the orphan scan of `snapshot-record` asks.
extension ReferenceName {
  /// What a part of a reference's name (between its dots) is to a test.
  public enum TestPart: Equatable, Sendable {
    /// The test's own name: `render-_` for `render(_:)`.
    case test
    /// A case of the test: its name, ``argumentSeparator`` and the case's arguments
    /// (`render-_-a-md-1f2e3d4c`).
    case testCase
    /// A case whose name was too long, cut and given a hash (`PathComponent.fit`):
    /// it begins as the test's cases do, and which case it is cannot be told.
    case cutCase
  }

  /// What joins a parameterized test's name and each of its arguments in a reference's name.
  public static let argumentSeparator = "-"

  /// The names a test's references begin with, from the test's name as `#function` spells it
  /// (`dump()`, `pages(n:)`, `a b()` for a function named `a b` in backticks): the name
  /// ``SnapshotLocation`` gives, and the one swift-snapshot-testing gave, which is read while
  /// the other has no file.
  public static func testNames(of testName: String) -> Set<String> {
    let names = PathComponent.testNames(testName)
    return [names.own, names.legacy]
  }

  /// What `part` is to the test whose references begin with `testName` (one of
  /// ``testNames(of:)``); `nil` when it is none of these.
  public static func part(_ part: Substring, of testName: String) -> TestPart? {
    if part == testName { return .test }
    let caseStart = testName + argumentSeparator
    if part.hasPrefix(caseStart) { return .testCase }
    // `fit` keeps at most `maxLength - 17` bytes, cut between characters (so at least 3 fewer),
    // then adds `-` and the 16 hex digits of a hash.
    let hashed = part.suffix(17)
    guard part.utf8.count >= PathComponent.maxLength - 3, hashed.count == 17,
      hashed.first == "-", hashed.dropFirst().allSatisfy(\.isHexDigit)
    else { return nil }
    let cut = part.dropLast(17)
    return !cut.isEmpty && caseStart.hasPrefix(cut) ? .cutCase : nil
  }
}
