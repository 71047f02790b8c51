@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// Helpers written for swift-snapshot-testing (swift-macro-testing's `assertMacro` among them):
/// calls found by position alone, several closures of one call, former labels, and closures
/// removed when the value is `nil`.
extension SourceRewriteTests {
  /// A test of `assertMacro(…) { source } diagnostics: { … } expansion: { … }`.
  ///
  /// The source is the first trailing closure, the snapshots the next ones. The helper passes its caller's `#column`,
  /// which points just after the callee.
  static let macroTest = #"""
    func testStringify() {
      assertMacro(["stringify": StringifyMacro.self]) {
        """
        #stringify(a + b)
        """
      }
    }

    """#

  /// The column just after `assertMacro` on line 2.
  static let afterCallee = 14

  @Test func findsAHelperCallByPositionAndAddsItsClosuresInOrder() {
    let records = [
      record(
        line: 2, column: Self.afterCallee, "(a + b, \"a + b\")", function: "", label: "expansion",
        index: 2),
      record(
        line: 2, column: Self.afterCallee, "warning: x", function: "", label: "diagnostics",
        index: 1),
    ]
    #expect(
      rewritten(Self.macroTest, records) == #"""
        func testStringify() {
          assertMacro(["stringify": StringifyMacro.self]) {
            """
            #stringify(a + b)
            """
          } diagnostics: {
            """
            warning: x
            """
          } expansion: {
            """
            (a + b, "a + b")
            """
          }
        }

        """#)
  }

  @Test func aNamelessRecordNeedsTheExactPosition() {
    let outcome = apply(
      Self.macroTest, [record(line: 2, column: 7, "x", function: "", label: "expansion", index: 1)])
    #expect(outcome == .upToDate(refused: [.callNotFound(line: 2, call: "call")]))
    #expect("\(Refusal.callNotFound(line: 2, call: "call"))" == "line 2: no call was found there")
  }

  @Test func insertsBetweenTheFirstClosureAndALaterOne() {
    let source = #"""
      func test() {
        assertMacro {
          "#a"
        } expansion: {
          "b"
        }
      }
      """#
    #expect(
      rewritten(
        source,
        [record(line: 2, column: 15, "note", function: "", label: "diagnostics", index: 1)]
      ) == #"""
        func test() {
          assertMacro {
            "#a"
          } diagnostics: {
            """
            note
            """
          } expansion: {
            "b"
          }
        }
        """#)
  }

  @Test func replacesAClosureWrittenWithAFormerLabel() {
    let source = #"""
      func test() {
        assertMacro {
          "#a"
        } matches: {
          """
          old
          """
        }
      }
      """#
    #expect(
      rewritten(
        source,
        [
          record(
            line: 2, column: 15, "new", old: "old", function: "", label: "expansion", index: 1,
            formerLabels: ["matches"])
        ]) == #"""
          func test() {
            assertMacro {
              "#a"
            } matches: {
              """
              new
              """
            }
          }
          """#)
  }

  @Test func removesALaterClosureWhenTheValueIsNil() {
    let source = #"""
      func test() {
        assertMacro {
          "#a"
        } diagnostics: {
          """
          old
          """
        } expansion: {
          "b"
        }
      }
      """#
    #expect(
      rewritten(
        source,
        [record(line: 2, column: 15, nil, old: "old", function: "", label: "diagnostics", index: 1)]
      ) == #"""
        func test() {
          assertMacro {
            "#a"
          } expansion: {
            "b"
          }
        }
        """#)
  }

  @Test func removesTheFirstTrailingClosureOrALabelledArgument() {
    let trailing = "f() {\n  assertInlineSnapshot(of: x, as: .lines) {\n    \"a\"\n  }\n}\n"
    #expect(
      rewritten(trailing, [record(line: 2, column: 3, nil, old: "a")])
        == "f() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n")
    let withoutParentheses = "f() {\n  check {\n    \"a\"\n  }\n}\n"
    #expect(
      rewritten(withoutParentheses, [record(line: 2, column: 3, nil, old: "a", function: "check")])
        == "f() {\n  check()\n}\n")
    let argument =
      "f() {\n  assertInlineSnapshot(of: x, as: .lines, matches: { \"a\" }, line: 1)\n}\n"
    #expect(
      rewritten(argument, [record(line: 2, column: 3, nil, old: "a")])
        == "f() {\n  assertInlineSnapshot(of: x, as: .lines, line: 1)\n}\n")
    let lastArgument = "f() {\n  assertInlineSnapshot(of: x, as: .lines, matches: { \"a\" })\n}\n"
    #expect(
      rewritten(lastArgument, [record(line: 2, column: 3, nil, old: "a")])
        == "f() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n")
  }

  @Test func aNilValueWithNoClosureIsUpToDate() {
    let source = "f() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n"
    #expect(apply(source, [record(line: 2, column: 3, nil)]) == .upToDate(refused: []))
  }

  @Test func leavesAFirstClosureThatALaterOneWouldHaveToReplace() {
    let source = "f() {\n  m {\n    \"a\"\n  } expansion: {\n    \"b\"\n  }\n}\n"
    #expect(
      apply(source, [record(line: 2, column: 3, nil, old: "a", function: "m")])
        == .upToDate(refused: [
          .closureNotWritten(line: 2, call: "call of m", closure: "matches", removing: true)
        ]))
    #expect(
      "\(Refusal.closureNotWritten(line: 2, call: "call of m", closure: "matches", removing: true))"
        == "line 2: call of m cannot lose closure matches:")
  }
}
