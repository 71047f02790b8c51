@_spi(Tooling) import Snapshots
import Testing

@_spi(Tooling) @testable import SnapshotTooling

/// The rewriter on source texts: where closures go, how literals are written, and what it refuses.
@Suite struct SourceRewriteTests {
  @Test func insertsATrailingClosureIndentedToTheCall() {
    let source = #"""
      import InlineSnapshots

      @Test func user() {
        assertInlineSnapshot(of: user, as: .dump)
      }

      """#
    #expect(
      rewritten(source, [record(line: 4, column: 3, "▿ User\n  - name: \"Ann\"\n")]) == #"""
        import InlineSnapshots

        @Test func user() {
          assertInlineSnapshot(of: user, as: .dump) {
            """
            ▿ User
              - name: "Ann"

            """
          }
        }

        """#)
  }

  @Test func replacesTheClosureThatIsThere() {
    let source = #"""
      func test() {
          assertInlineSnapshot(of: 1, as: .description) {
              """
              2
              """
          }
      }
      """#
    #expect(
      rewritten(source, [record(line: 2, column: 5, "1", old: "2")]) == #"""
        func test() {
            assertInlineSnapshot(of: 1, as: .description) {
                """
                1
                """
            }
        }
        """#)
  }

  @Test func appliesSeveralRecordsInOnePass() {
    let source = #"""
      func test() {
        assertInlineSnapshot(of: a, as: .lines)
        assertInlineSnapshot(of: b, as: .lines) {
          """
          old
          """
        }
        assertInlineSnapshot(of: c, as: .lines)
      }
      """#
    let result = rewritten(
      source,
      [
        record(line: 2, column: 3, "A"), record(line: 3, column: 3, "B", old: "old"),
        record(line: 8, column: 3, "C"),
      ])
    #expect(
      result == #"""
        func test() {
          assertInlineSnapshot(of: a, as: .lines) {
            """
            A
            """
          }
          assertInlineSnapshot(of: b, as: .lines) {
            """
            B
            """
          }
          assertInlineSnapshot(of: c, as: .lines) {
            """
            C
            """
          }
        }
        """#)
  }

  @Test func customHelpersByNameAndLabel() {
    let source = #"""
      func test() {
        assertResponse(response, body: {
          """
          old
          """
        })
        assertMacro { "#stringify(a)" }
      }
      """#
    let body = record(line: 2, column: 3, "new", function: "assertResponse", label: "body")
    let expansion = record(
      line: 7, column: 3, "(a, \"a\")", function: "assertMacro", label: "expansion", index: 1)
    #expect(
      rewritten(source, [body, expansion]) == ##"""
        func test() {
          assertResponse(response, body: {
            """
            new
            """
          })
          assertMacro { "#stringify(a)" } expansion: {
            """
            (a, "a")
            """
          }
        }
        """##)
  }

  @Test func rawDelimitersWhenTheTextNeedsThem() {
    let source = "func test() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n"
    let text = ##"a \"quoted\" path C:\dir and """ and """# and #tag"##
    #expect(
      rewritten(source, [record(line: 2, column: 3, text)]) == ###"""
        func test() {
          assertInlineSnapshot(of: x, as: .lines) {
            ##"""
            a \"quoted\" path C:\dir and """ and """# and #tag
            """##
          }
        }

        """###)
  }

  @Test func controlCharactersAreEscaped() {
    let source = "func test() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n"
    #expect(
      rewritten(source, [record(line: 2, column: 3, "a\r\u{7}b\tc")]) == ##"""
        func test() {
          assertInlineSnapshot(of: x, as: .lines) {
            #"""
            a\#u{d}\#u{7}b	c
            """#
          }
        }

        """##)
  }

  @Test func emptyLinesCarryNoIndentation() {
    let source = "func test() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n"
    let result = rewritten(source, [record(line: 2, column: 3, "a\n\nb\n")])
    #expect(result?.contains("    a\n\n    b\n\n    \"\"\"") == true)
    #expect(result?.split(separator: "\n").allSatisfy { $0.last != " " } == true)
  }

  @Test func tabIndentedFilesGetTabs() {
    let source = "func test() {\n\tassertInlineSnapshot(of: x, as: .lines)\n}\n"
    #expect(
      rewritten(source, [record(line: 2, column: 2, "one\ntwo")])
        == "func test() {\n\tassertInlineSnapshot(of: x, as: .lines) {\n\t\t\"\"\"\n\t\tone\n\t\ttwo\n\t\t\"\"\"\n\t}\n}\n"
    )
  }

  @Test func crlfFilesKeepTheirLineEndings() {
    let source = "func test() {\r\n  assertInlineSnapshot(of: x, as: .lines)\r\n}\r\n"
    #expect(
      rewritten(source, [record(line: 2, column: 3, "one\ntwo")])
        == "func test() {\r\n  assertInlineSnapshot(of: x, as: .lines) {\r\n    \"\"\"\r\n    one\r\n    two\r\n    \"\"\"\r\n  }\r\n}\r\n"
    )
  }

  @Test func callsInsideExpectClosuresAndExtensions() {
    let source = #"""
      extension Suite {
        func test() {
          #expect(throws: Never.self) {
            tasks.forEach { _ in assertInlineSnapshot(of: x, as: .lines) }
          }
        }
      }
      """#
    #expect(
      rewritten(source, [record(line: 4, column: 28, "x")]) == #"""
        extension Suite {
          func test() {
            #expect(throws: Never.self) {
              tasks.forEach { _ in assertInlineSnapshot(of: x, as: .lines) {
                """
                x
                """
              } }
            }
          }
        }
        """#)
  }

  @Test func applyingTwiceEqualsApplyingOnce() throws {
    let source = "func test() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n"
    let records = [record(line: 2, column: 3, "x\\y")]
    let once = try #require(rewritten(source, records))
    let again = records.map { record in
      var record = record
      record.sourceHash = ContentHash.of(source)
      return record
    }
    #expect(Self.bothWays(again, to: once) == .upToDate(refused: []))
  }

  @Test func aTextThisRunAlreadyWroteIsUpToDate() throws {
    // Seven calls, one a line: once each has its closure, the record for line 8 points at the
    // first call's neighbour, which holds another text.
    let calls = (1...7).map { "  assertInlineSnapshot(of: \($0), as: .description)" }
    let source = (["func test() {"] + calls + ["}", ""]).joined(separator: "\n")
    let records = (1...7).map { record(line: $0 + 1, column: 3, "\($0)") }
    let written = try #require(rewritten(source, records))
    let again = records.map { record in
      var record = record
      record.sourceHash = ContentHash.of(source)
      return record
    }
    guard case .refused = Self.bothWays(again, to: written) else {
      Issue.record("without the run's journal the file looks changed since the run")
      return
    }
    #expect(
      Self.bothWays(again, to: written, written: [ContentHash.of(written)])
        == .upToDate(refused: []))
  }

  @Test func refusesAFileChangedSinceTheRun() {
    let source = "func test() {\n  assertInlineSnapshot(of: x, as: .lines)\n}\n"
    var stale = record(line: 2, column: 3, "x")
    stale.sourceHash = ContentHash.of("something else")
    guard case .refused(let reason) = Self.bothWays([stale], to: source) else {
      Issue.record("not refused")
      return
    }
    #expect(reason.description.contains("changed since the tests ran"))
  }

  @Test func refusesDifferentTextsFromOneCall() {
    let source =
      "func test() {\n  for x in [1, 2] { assertInlineSnapshot(of: x, as: .description) }\n}\n"
    let outcome = apply(
      source, [record(line: 2, column: 21, "1"), record(line: 2, column: 21, "2")])
    #expect(
      outcome
        == .upToDate(refused: [.differentTexts(2, line: 2, call: "call of assertInlineSnapshot")]))
    #expect(
      outcome.refusedTexts == [
        "line 2: call of assertInlineSnapshot recorded 2 different texts in one run (a loop or a parameterized test?); give each value its own assertion, or use a file snapshot"
      ])
  }

  @Test func aRefusedCallLeavesTheFilesOtherCallsToBeWritten() {
    let source = """
      func test() {
        for x in [1, 2] { assertInlineSnapshot(of: x, as: .description) }
        assertInlineSnapshot(of: 3, as: .description)
        assertMissing(of: 4)
      }

      """
    let outcome = apply(
      source,
      [
        record(line: 2, column: 21, "1"), record(line: 2, column: 21, "2"),
        record(line: 3, column: 3, "3"), record(line: 4, column: 3, "4"),
      ])
    guard case .rewritten(let text, let count, let refused) = outcome else {
      Issue.record("not rewritten: \(outcome)")
      return
    }
    #expect(count == 1)
    #expect(refused.count == 2)
    #expect(
      refused.first?.description.hasPrefix(
        "line 2: call of assertInlineSnapshot recorded 2 different texts")
        == true)
    #expect(
      refused.last?.description == "line 4: no call of assertInlineSnapshot was found there")
    #expect(text.contains("  for x in [1, 2] { assertInlineSnapshot(of: x, as: .description) }\n"))
    #expect(text.contains("  assertInlineSnapshot(of: 3, as: .description) {\n    \"\"\"\n    3\n"))
  }

  @Test func sameTextFromALoopIsOneEdit() {
    let source =
      "func test() {\n  for _ in 0..<3 { assertInlineSnapshot(of: 1, as: .description) }\n}\n"
    let copies = Array(repeating: record(line: 2, column: 20, "1"), count: 3)
    guard case .rewritten(_, let count, _) = apply(source, copies) else {
      Issue.record("not rewritten")
      return
    }
    #expect(count == 1)
  }

  @Test func refusesACallThatIsNotThere() {
    let source = "func test() {\n  assertSomethingElse(of: x)\n}\n"
    #expect(
      apply(source, [record(line: 2, column: 3, "x")])
        == .upToDate(refused: [.callNotFound(line: 2, call: "call of assertInlineSnapshot")]))
  }

  // MARK: - Helpers

  func record(
    line: Int, column: Int, _ text: String?, old: String? = nil,
    function: String = "assertInlineSnapshot", label: String = "matches", index: Int = 0,
    formerLabels: [String] = []
  ) -> PendingInlineRecord {
    PendingInlineRecord(
      sourceFile: "/Tests/T.swift", line: line, column: column, functionName: function,
      closureLabel: label, trailingClosureIndex: index, formerClosureLabels: formerLabels,
      oldText: old, newText: text, sourceHash: "", testName: "test()")
  }

  /// Applies records taken from `source` as it is.
  func apply(_ source: String, _ records: [PendingInlineRecord]) -> SourceRewriteOutcome {
    let hash = ContentHash.of(source)
    return Self.bothWays(
      records.map { record in
        var record = record
        record.sourceHash = hash
        return record
      }, to: source)
  }

  /// The rewrite, made on the tool's reader and again on swift-syntax's calls, which must
  /// agree: every rewrite these tests make is checked against the oracle.
  static func bothWays(
    _ records: [PendingInlineRecord], to source: String, written: Set<String> = []
  ) -> SourceRewriteOutcome {
    let outcome = SourceRewrite.apply(records, to: source, written: written)
    let oracle = SourceRewrite.apply(records, to: source, written: written) {
      SwiftSyntaxOracle.calls(in: $0) ?? []
    }
    #expect(outcome == oracle, "on swift-syntax's calls: \(oracle)")
    return outcome
  }

  func rewritten(_ source: String, _ records: [PendingInlineRecord]) -> String? {
    let outcome = apply(source, records)
    guard case .rewritten(let text, _, let refused) = outcome, refused.isEmpty else {
      Issue.record("not rewritten: \(outcome)")
      return nil
    }
    return text
  }
}

extension SourceRewriteOutcome {
  /// The calls refused, as the user reads them.
  var refusedTexts: [String] {
    switch self {
    case .rewritten(_, _, let refused), .upToDate(let refused): refused.map(\.description)
    case .refused(let refusal): [refusal.description]
    }
  }
}
