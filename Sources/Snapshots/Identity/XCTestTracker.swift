import Foundation
import XCTest

/// Follows XCTest's test cases, to tell whether one is running and to number snapshots per run.
///
/// It registers itself with XCTest on first use, which is inside the first test that asserts a
/// snapshot; until it sees a test case start, whether one is running is unknown.
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
    state.withLock { state in
      switch state {
      case .unknown: state = .running(serial: 1, name: testCase.name)
      case .running(let serial, _), .idle(let serial):
        state = .running(serial: serial + 1, name: testCase.name)
      }
    }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    state.withLock { state in
      if case .running(let serial, _) = state { state = .idle(serial: serial) }
    }
  }
}
