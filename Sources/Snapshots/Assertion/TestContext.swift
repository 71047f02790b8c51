import Foundation
import Synchronization
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
  /// A parameterized test case's arguments, which its references are named after too.
  var arguments: [String] = []
  /// Identifies this test (and case) among all others, for messages and to tell two tests apart.
  var identity: String
  /// Identifies this run of this test: snapshots are numbered per run.
  var execution: String

  /// Test IDs' descriptions: made once per test, not per assertion.
  private static let descriptions = Mutex<[Test.ID: String]>([:])

  private static func describe(_ id: Test.ID) -> String {
    if let known = descriptions.withLock({ $0[id] }) { return known }
    let description = id.description
    descriptions.withLock { $0[id] = description }
    return description
  }

  /// Set by the `.snapshots` trait around each run of a test case.
  @TaskLocal static var scopedExecution: String?

  static func current(testName: String) -> TestContext {
    if let test = Test.current {
      var arguments: [String] = []
      var identity = describe(test.id)
      if let testCase = Test.Case.current, testCase.isParameterized {
        arguments = TestArguments.describe(testCase)
        identity += "(\(arguments.joined(separator: ", ")))"
      }
      return TestContext(
        framework: .swiftTesting, testName: testName, arguments: arguments, identity: identity,
        execution: scopedExecution ?? identity + (TaskIdentity.current ?? ""))
    }
    switch XCTestTracker.shared.current {
    case .running(let serial, let name):
      return TestContext(
        framework: .xcTest, testName: testName, identity: name, execution: "xctest#\(serial)")
    case .unknown where Thread.isMainThread:
      return TestContext(
        framework: .xcTest, testName: testName, identity: testName, execution: "xctest#0")
    case .unknown, .idle:
      return TestContext(
        framework: .unknown, testName: testName, identity: testName,
        execution: TaskIdentity.current ?? "thread")
    }
  }
}
