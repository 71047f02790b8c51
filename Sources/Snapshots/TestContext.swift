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
  /// The test name references are named after, with the arguments of a parameterized test.
  var testName: String
  /// Identifies this run of this test: snapshots are numbered per run.
  var execution: String

  /// Set by the `.snapshots` trait around each run of a test case.
  @TaskLocal static var scopedExecution: String?

  static func current(testName: String) -> TestContext {
    if let test = Test.current {
      var name = testName
      var execution = test.id.description
      if let testCase = Test.Case.current, testCase.isParameterized {
        let arguments = TestArguments.describe(testCase)
        name += "(\(arguments))"
        execution += "(\(arguments))"
      }
      return TestContext(
        framework: .swiftTesting, testName: name,
        execution: scopedExecution ?? execution + (TaskIdentity.current ?? ""))
    }
    switch XCTestTracker.shared.current {
    case .running(let serial):
      return TestContext(framework: .xcTest, testName: testName, execution: "xctest#\(serial)")
    case .unknown where Thread.isMainThread:
      return TestContext(framework: .xcTest, testName: testName, execution: "xctest#0")
    case .unknown, .idle:
      return TestContext(
        framework: .unknown, testName: testName, execution: TaskIdentity.current ?? "thread")
    }
  }
}
