import Foundation
import Testing

/// The test an assertion runs in: which framework runs it, the name its references take, and
/// which run of it this is.
struct TestContext {
  enum Framework: Equatable {
    case swiftTesting
    case xcTest
    /// Neither framework can be told to be running (for example inside `Task.detached`, where
    /// Swift Testing's `Test.current` is `nil`): failures go to both, and to standard error.
    case unknown
  }

  var framework: Framework
  /// The test name references are named after.
  var testName: String
  /// Identifies this test (and case) among all others, for messages and to tell two tests apart.
  var identity: TestIdentity
  /// A parameterized test case's arguments, which its references are named after too.
  var arguments: [String] { identity.arguments }
  /// Identifies this run of this test: snapshots are numbered per run.
  var execution: String

  /// Set by the `.snapshots` trait around each run of a test case.
  @TaskLocal static var scopedExecution: String?

  /// Set around each pass of a loop that stands for test cases (`forEachFixture`), so that
  /// each pass names its references as a parameterized test's case does.
  @TaskLocal static var scopedArguments: [String] = []

  static func current(testName: String) -> TestContext {
    if let test = Test.current {
      let location = test.sourceLocation
      var identity = TestIdentity(
        name: test.name, fileID: location.fileID, line: location.line, column: location.column)
      // The case is looked up only for a parameterized test: most tests are not.
      if test.isParameterized, let testCase = Test.Case.current, testCase.isParameterized {
        identity.arguments = TestArguments.describe(testCase)
      }
      identity.arguments += scopedArguments
      return TestContext(
        framework: .swiftTesting, testName: testName, identity: identity,
        execution: scopedExecution ?? execution(of: identity))
    }
    switch XCTestTracker.shared.current {
    case .running(let serial, let name):
      return TestContext(
        framework: .xcTest, testName: testName,
        identity: TestIdentity(name: name, arguments: scopedArguments),
        execution: "xctest#\(serial)")
    case .unknown where Thread.isMainThread:
      return TestContext(
        framework: .xcTest, testName: testName,
        identity: TestIdentity(name: testName, arguments: scopedArguments),
        execution: "xctest#0")
    case .unknown, .idle:
      return TestContext(
        framework: .unknown, testName: testName,
        identity: TestIdentity(name: testName, arguments: scopedArguments),
        execution: TaskIdentity.current ?? "thread")
    }
  }

  /// Whether `testName`, which names the references, is the running test's own function
  /// (`#function` in the test), rather than a helper's that other tests may call too; `true`
  /// when no test can be told to be running.
  func isTestsOwn(_ testName: String) -> Bool {
    switch framework {
    case .swiftTesting: return identity.name == testName
    case .xcTest:
      // `Suite.testFoo` or `-[Suite testFoo]`, against `testFoo()`.
      return identity.name == testName
        || XCTestTracker.parts(of: identity.name).map { $0.method + "()" == testName } ?? false
    case .unknown: return true
    }
  }

  /// The running test as its framework's events name it (Swift Testing's event stream, the
  /// ``FailureLog``'s entries for XCTest); `nil` when no test can be told to be running.
  var eventName: String? {
    switch framework {
    case .swiftTesting: return Test.current.map { String(describing: $0.id) }
    case .xcTest: return identity.name
    case .unknown: return nil
    }
  }

  /// The suite the running test belongs to, `Outer.Inner` (Swift Testing), or its XCTest class;
  /// `nil` for a test outside any suite, or when no test can be told to be running.
  static func currentSuite() -> String? {
    if let test = Test.current {
      let suites = test.id.nameComponents.dropLast()
      return suites.isEmpty ? nil : suites.joined(separator: ".")
    }
    guard case .running(_, let name) = XCTestTracker.shared.current else { return nil }
    return XCTestTracker.parts(of: name)?.className
  }

  /// A Swift Testing test's run: its task, which Swift Testing starts for each run of each test
  /// case, when the task has a number of its own; else the test and the task together.
  private static func execution(of identity: TestIdentity) -> String {
    let task = TaskIdentity.current
    if TaskIdentity.isUnique, let task { return task }
    return identity.description + (task ?? "")
  }
}

/// Runs `body` as a case of the running test with `arguments`: its references are named as a
/// parameterized Swift Testing case's (`<test>-<argument>.1.txt`), numbered apart from the
/// other cases'.
package func withSnapshotArguments<Result>(
  _ arguments: [String], _ body: () throws -> Result
) rethrows -> Result {
  try TestContext.$scopedArguments.withValue(TestContext.scopedArguments + arguments) {
    try body()
  }
}
