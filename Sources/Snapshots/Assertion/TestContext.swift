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
  /// Identifies this test (and case) among all others, for messages and to tell two tests
  /// apart: `dump() at App/CardTests.swift:12:4`, with a parameterized case's arguments.
  var identity: String
  /// Identifies this run of this test: snapshots are numbered per run.
  var execution: String

  /// A Swift Testing test by its name and place, which tell it apart as its ID does.
  ///
  /// A few concatenations, where building the ID reflects on the suite's type; the last one is
  /// kept, as a test's assertions follow one another.
  private static func identity(of test: Test) -> String {
    let location = test.sourceLocation
    return lastIdentity.withLock { last in
      if let last, last.name == test.name, last.line == location.line,
        last.column == location.column, last.fileID == location.fileID
      {
        return last.identity
      }
      let identity =
        test.name + " at " + location.fileID + ":" + location.line.description + ":"
        + location.column.description
      last = LastIdentity(
        name: test.name, fileID: location.fileID, line: location.line, column: location.column,
        identity: identity)
      return identity
    }
  }

  private struct LastIdentity {
    var name: String
    var fileID: String
    var line: Int
    var column: Int
    var identity: String
  }

  private static let lastIdentity = Mutex<LastIdentity?>(nil)

  /// Set by the `.snapshots` trait around each run of a test case.
  @TaskLocal static var scopedExecution: String?

  static func current(testName: String) -> TestContext {
    if let test = Test.current {
      var arguments: [String] = []
      var identity = identity(of: test)
      // The case is looked up only for a parameterized test: most tests are not.
      if test.isParameterized, let testCase = Test.Case.current, testCase.isParameterized {
        arguments = TestArguments.describe(testCase)
        identity += " (" + arguments.joined(separator: ", ") + ")"
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
