import Foundation
import XCTest

/// Follows XCTest's test cases, to tell whether one is running and to number snapshots per run,
/// and logs every failure XCTest reports to the ``FailureLog``, so that `snapshot-record` learns
/// of them as data, not from XCTest's printed lines.
///
/// It registers itself with XCTest as the test binary loads, where the compiler can say so
/// (`@section`, Swift 6.3 on Linux); elsewhere on first use, which is inside the first test that
/// asserts a snapshot, and until it sees a test case start, whether one is running is unknown.
final class XCTestTracker: NSObject, XCTestObservation, Sendable {
  static let shared: XCTestTracker = {
    let tracker = XCTestTracker()
    XCTestObservationCenter.shared.addTestObserver(tracker)
    return tracker
  }()

  enum State: Equatable {
    case unknown
    /// A test case runs; `name` is XCTest's, such as `-[SuiteTests testFoo]` or
    /// `SuiteTests.testFoo`.
    case running(serial: Int, name: String)
    case idle(serial: Int)
  }

  private let state = Locked(State.unknown)

  var current: State { state.withLock { $0 } }

  func testCaseWillStart(_ testCase: XCTestCase) {
    if FailureLog.isActive {
      FailureLog.append(.init(kind: nil, file: "", line: 0, test: testCase.name, started: true))
    }
    state.withLock { state in
      switch state {
      case .unknown: state = .running(serial: 1, name: testCase.name)
      case .running(let serial, _), .idle(let serial):
        state = .running(serial: serial + 1, name: testCase.name)
      }
    }
  }

  /// The class and the method in XCTest's name of a test case: `Suite` and `testFoo` in
  /// `Suite.testFoo` (Linux) or in `-[Suite testFoo]` (Apple's platforms); `nil` for a name of
  /// neither shape.
  static func parts(of name: String) -> (className: String, method: String)? {
    if name.hasPrefix("-["), name.hasSuffix("]"), let space = name.firstIndex(of: " ") {
      return (
        String(name[name.index(name.startIndex, offsetBy: 2)..<space]),
        String(name[name.index(after: space)..<name.index(before: name.endIndex)])
      )
    }
    guard let dot = name.lastIndex(of: ".") else { return nil }
    return (String(name[..<dot]), String(name[name.index(after: dot)...]))
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    if FailureLog.isActive, testCase.testRun?.hasBeenSkipped == false {
      FailureLog.append(.init(kind: nil, file: "", line: 0, test: testCase.name, ended: true))
    }
    state.withLock { state in
      if case .running(let serial, _) = state { state = .idle(serial: serial) }
    }
  }

  #if os(Linux)
    func testCase(
      _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
      atLine lineNumber: Int
    ) {
      // `XCTFail`'s description is `failed - <message>`; the message is what a reader wants.
      var first = description.prefix { !$0.isNewline }
      if first.hasPrefix("failed - ") { first = first.dropFirst("failed - ".count) }
      FailureLog.append(
        .init(
          kind: nil, file: filePath ?? "", line: lineNumber, test: testCase.name,
          message: String(first)))
    }
  #endif
}

#if os(Linux) && compiler(>=6.3)
  /// Registers the tracker before `main`, so it sees the first test start and its failures;
  /// not in a Swift Testing run (`--testing-library swift-testing`), which starts no XCTest
  /// test and need not pay for XCTest's observation at its start.
  @used @section(".init_array")
  private let registerAtLoad: @convention(c) () -> Void = {
    let arguments = CommandLine.arguments
    if let library = arguments.firstIndex(of: "--testing-library"),
      arguments.dropFirst(library + 1).first == "swift-testing"
    {
      return
    }
    _ = XCTestTracker.shared
  }
#endif
