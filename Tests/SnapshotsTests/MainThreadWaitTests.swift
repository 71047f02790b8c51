import Foundation
import Snapshots
import TestSupport
import XCTest

/// On the main thread (where XCTest runs tests), waiting for a snapshot runs the main run loop,
/// as XCTest's waiters do: main-queue work the value needs gets done during `.wait`.
final class MainThreadWaitTests: XCTestCase {
  final class Box: @unchecked Sendable {
    var value = "Hello"
  }

  func testMainQueueWorkRunsDuringAWait() throws {
    XCTAssertTrue(Thread.isMainThread)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let box = Box()
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { box.value = "Goodbye" }
    let strategy = Snapshotting<String, String>.lines.pullback { (_: Void) in box.value }
    _ = verifySnapshot(
      of: (), as: .wait(for: 0.5, on: strategy), named: "value", record: .missing,
      snapshotDirectory: folder.path)
    XCTAssertEqual(try folder.text("testMainQueueWorkRunsDuringAWait.value.txt"), "Goodbye")
  }
}
