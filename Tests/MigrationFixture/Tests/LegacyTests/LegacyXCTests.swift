import Foundation
import InlineSnapshotTesting
import SnapshotTesting
import SnapshotTestingCustomDump
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct User: Codable {
  var id: Int
  var name: String
  var tags: [String]
}

enum Direction: String, CaseIterable {
  case up, down
}

/// A base class as suites written for swift-snapshot-testing have one.
class SnapshotTestCase: XCTestCase {
  override func invokeTest() {
    withSnapshotTesting(record: .missing, diffTool: "ksdiff") {
      super.invokeTest()
    }
  }
}

final class LegacyXCTests: SnapshotTestCase {
  let user = User(id: 1, name: "Ann/Lee", tags: [])

  func testDump() {
    assertSnapshot(of: user, as: .dump)
    assertSnapshot(of: user, as: .dump, named: "again")
  }

  func testJSONAndPlist() {
    assertSnapshot(of: user, as: .json)
    assertSnapshot(of: user, as: .plist)
  }

  func testText() {
    assertSnapshot(of: "first\nsecond", as: .lines)
    assertSnapshot(of: 42, as: .description)
    assertSnapshot(of: user, as: .customDump)
    assertSnapshot(of: user, as: .wait(for: 0.01, on: .dump))
  }

  func testRequest() {
    var request = URLRequest(url: URL(string: "https://example.com/users?id=1")!)
    request.httpMethod = "POST"
    request.httpBody = Data(#"{"name":"Ann"}"#.utf8)
    assertSnapshot(of: request, as: .raw)
    assertSnapshot(of: request, as: .curl)
  }

  func testFunction() {
    let length: (Direction) -> Int = { $0.rawValue.count }
    assertSnapshot(of: length, as: Snapshotting<Direction, String>.func(into: .description))
  }

  func testCustomDiffing() {
    let words = Diffing<String>(
      toData: { Data($0.utf8) },
      fromData: { String(decoding: $0, as: UTF8.self) }
    ) { old, new in
      old == new ? nil : ("\(old) became \(new)", [XCTAttachment]())
    }
    assertSnapshot(of: "Ann", as: Snapshotting(pathExtension: "txt", diffing: words))
  }

  func testInline() {
    assertInlineSnapshot(of: user, as: .json)
  }

  @available(*, deprecated)
  func testDeprecatedSpellings() {
    isRecording = false
    assertSnapshot(matching: user.name, as: .lines, record: false)
  }
}
