/// The throwaway package's test sources before and after `snapshot-record`.
enum Fixtures {
  static let before: [String: String] = [
    "Tests/AppTests/InlineTests.swift": ###"""
    import InlineSnapshots
    import Testing

    struct User {
      var name: String
      var id: Int
    }

    @Test func newSnapshot() {
      assertInlineSnapshot(of: User(name: "Ann", id: 1), as: .dump)
    }

    @Test func update() {
      assertInlineSnapshot(of: [1, 2], as: .description) {
        """
        [1]
        """
      }
    }

    @Test func severalInOneTest() {
      assertInlineSnapshot(of: "one", as: .lines)
      assertInlineSnapshot(of: "two", as: .lines)
    }

    @Test func quotesAndBackslashes() {
      assertInlineSnapshot(of: #"say """hi""" to C:\Users"#, as: .lines)
    }

    @Test func helper() {
      assertGreeting("Bo")
    }

    """###,
    "Tests/AppTests/Helpers.swift": #"""
    import InlineSnapshots

    func assertGreeting(
      _ name: String, file: StaticString = #filePath, line: UInt = #line,
      column: UInt = #column, greeting: (() -> String)? = nil
    ) {
      assertInlineSnapshot(
        of: "Hello, \(name)!", as: .lines,
        syntax: InlineSnapshotSyntax(functionName: "assertGreeting", closureLabel: "greeting"),
        matches: greeting, file: file, line: line, column: column)
    }

    """#,
    "Tests/AppTests/TabTests.swift":
      "import InlineSnapshots\nimport Testing\n\n@Test func tabs() {\n\tassertInlineSnapshot(of: \"a\\tb\", as: .lines)\n}\n",
    "Tests/AppTests/CRLFTests.swift":
      "import InlineSnapshots\r\nimport Testing\r\n\r\n@Test func crlf() {\r\n  assertInlineSnapshot(of: \"x\\ny\", as: .lines)\r\n}\r\n",
    "Tests/AppTests/FileTests.swift": """
    import Snapshots
    import XCTest

    final class FileTests: XCTestCase {
      func testRecord() {
        assertSnapshot(of: ["b": 2, "a": 1], as: .dump)
      }
    }

    """,
    "Tests/AppTests/LoopTests.swift": """
    import InlineSnapshots
    import Testing

    @Test func loop() {
      for number in 1...2 { assertInlineSnapshot(of: number, as: .description) }
    }

    """,
    "Tests/AppTests/__Snapshots__/Old/gone.1.txt": "no test uses this\n",
    // Tests that exist but do not run here keep their references; a removed test's goes.
    "Tests/AppTests/KeptTests.swift": """
    import Snapshots
    import Testing
    import XCTest

    @Test(.disabled("flaky")) func disabledTest() { assertSnapshot(of: 1, as: .description) }

    @Test(.enabled(if: false)) func conditionalTest() { assertSnapshot(of: 2, as: .description) }

    #if os(Windows)
      @Test func windowsOnly() { assertSnapshot(of: 3, as: .description) }
    #endif

    final class SkippedTests: XCTestCase {
      func testSkipped() throws {
        if true { throw XCTSkip("not on this machine") }
        assertSnapshot(of: 4, as: .description)
      }
    }

    """,
    "Tests/AppTests/__Snapshots__/KeptTests/disabledTest.1.txt": "1",
    "Tests/AppTests/__Snapshots__/KeptTests/conditionalTest.1.txt": "2",
    "Tests/AppTests/__Snapshots__/KeptTests/windowsOnly.1.txt": "3",
    "Tests/AppTests/__Snapshots__/KeptTests/testSkipped.1.txt": "4",
    "Tests/AppTests/__Snapshots__/KeptTests/removedTest.1.txt": "5",
    // Hangs only when asked, for the test that kills `snapshot-record`.
    "Tests/AppTests/HangTests.swift": """
    import Foundation
    import Testing

    @Test func hangWhenAsked() {
      if ProcessInfo.processInfo.environment["APP_HANG"] != nil { sleep(600) }
    }

    """,
  ]

  /// Failures `snapshot-record` cannot record: it must say so and exit non-zero.
  static let broken: [String: String] = [
    "Tests/AppTests/BrokenTests.swift": """
    import Snapshots
    import Testing

    @Test func plainFailure() {
      #expect(1 + 1 == 3)
    }

    @Test func unreadableReference() {
      assertSnapshot(of: "x", as: .lines)
    }

    """,
    // A folder where the reference should be.
    "Tests/AppTests/__Snapshots__/BrokenTests/unreadableReference.1.txt/file": "",
    // Helpers that report a plain assertion's failure at their snapshot's line, and two
    // assertions on one line: each snapshot is recorded, each other failure is not.
    "Tests/AppTests/SharedLineTests.swift": """
    import Snapshots
    import Testing
    import XCTest

    final class SharedLineTests: XCTestCase {
      func check(_ value: Int, file: StaticString = #filePath, testName: String = #function, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(value, 2, file: file, line: line)
        assertSnapshot(of: value, as: .dump, file: file, testName: testName, line: line)
      }
      func testHelper() { check(1) }
    }

    @Test func twoOnOneLine() { assertSnapshot(of: 3, as: .dump); #expect(3 == 4) }

    func expectSmall(
      _ value: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
      testName: String = #function, line: UInt = #line, column: UInt = #column
    ) {
      let location = SourceLocation(
        fileID: String(describing: fileID), filePath: String(describing: filePath),
        line: Int(line), column: Int(column))
      #expect(value < 2, sourceLocation: location)
      assertSnapshot(
        of: value, as: .dump, fileID: fileID, file: filePath, testName: testName, line: line,
        column: column)
    }
    @Test func swiftTestingHelper() { expectSmall(5) }

    """,
  ]

  static let after: [String: String] = [
    "Tests/AppTests/InlineTests.swift": ###"""
    import InlineSnapshots
    import Testing

    struct User {
      var name: String
      var id: Int
    }

    @Test func newSnapshot() {
      assertInlineSnapshot(of: User(name: "Ann", id: 1), as: .dump) {
        """
        ▿ User
          - id: 1
          - name: "Ann"

        """
      }
    }

    @Test func update() {
      assertInlineSnapshot(of: [1, 2], as: .description) {
        """
        [1, 2]
        """
      }
    }

    @Test func severalInOneTest() {
      assertInlineSnapshot(of: "one", as: .lines) {
        """
        one
        """
      }
      assertInlineSnapshot(of: "two", as: .lines) {
        """
        two
        """
      }
    }

    @Test func quotesAndBackslashes() {
      assertInlineSnapshot(of: #"say """hi""" to C:\Users"#, as: .lines) {
        #"""
        say """hi""" to C:\Users
        """#
      }
    }

    @Test func helper() {
      assertGreeting("Bo") {
        """
        Hello, Bo!
        """
      }
    }

    """###,
    "Tests/AppTests/TabTests.swift":
      "import InlineSnapshots\nimport Testing\n\n@Test func tabs() {\n\tassertInlineSnapshot(of: \"a\\tb\", as: .lines) {\n\t\t\"\"\"\n\t\ta\tb\n\t\t\"\"\"\n\t}\n}\n",
    "Tests/AppTests/CRLFTests.swift":
      "import InlineSnapshots\r\nimport Testing\r\n\r\n@Test func crlf() {\r\n  assertInlineSnapshot(of: \"x\\ny\", as: .lines) {\r\n    \"\"\"\r\n    x\r\n    y\r\n    \"\"\"\r\n  }\r\n}\r\n",
  ]
}
