import Testing

@_spi(Tooling) @testable import Snapshots

/// Hunks, context and line numbers as GNU diff writes them.
@Suite struct UnifiedDiffTests {
  let diff = UnifiedDiff()

  @Test func equalTextsHaveNoDiff() {
    #expect(diff.text(old: "a\nb\n", new: "a\nb\n") == nil)
  }

  @Test func oneChangeWithContext() {
    let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
    #expect(
      diff.text(old: old, new: new) == """
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8
        """)
  }

  @Test func distantChangesMakeSeparateHunks() {
    let old = (1...20).map { "\($0)" }.joined(separator: "\n") + "\n"
    let new = old.replacingOccurrences(of: "\n2\n", with: "\n2b\n").replacingOccurrences(
      of: "\n19\n", with: "\n")
    #expect(
      diff.text(old: old, new: new) == """
        @@ -1,5 +1,5 @@
         1
        -2
        +2b
         3
         4
         5
        @@ -16,5 +16,4 @@
         16
         17
         18
        -19
         20
        """)
  }

  @Test func insertionIntoEmptyText() {
    #expect(diff.text(old: "", new: "a\nb\n") == "@@ -0,0 +1,2 @@\n+a\n+b")
  }

  @Test func missingFinalNewlineIsShown() {
    #expect(
      diff.text(old: "a\nb\n", new: "a\nb") == """
        @@ -1,2 +1,2 @@
         a
        -b
        +b
        \\ No newline at end of file
        """)
  }

  @Test func longDiffsAreCut() {
    let old = (0..<2_000).map { "\($0)" }.joined(separator: "\n")
    let new = (0..<2_000).map { "x\($0)" }.joined(separator: "\n")
    let text = try! #require(UnifiedDiff(maximumLines: 100).text(old: old, new: new))
    let lines = text.split(separator: "\n")
    #expect(lines.count == 101)
    #expect(lines[99] == "-98")
    #expect(lines[100] == "… 3903 more lines of difference not shown; compare the files in full.")
  }

  @Test func colorsOnlyWhenAsked() {
    let text = UnifiedDiff(colored: true).text(old: "a\n", new: "b\n")
    #expect(text == "\u{1B}[36m@@ -1 +1 @@\u{1B}[0m\n\u{1B}[31m-a\u{1B}[0m\n\u{1B}[32m+b\u{1B}[0m")
  }

  @Test func colourMarksTheChangedWordsOfAReplacedLine() {
    let text = UnifiedDiff(colored: true).text(
      old: "name: Ann, id: 1\nsame\n", new: "name: Bo, id: 1\nsame\n")
    #expect(
      text
        == "\u{1B}[36m@@ -1,2 +1,2 @@\u{1B}[0m\n"
        + "\u{1B}[31m-name: \u{1B}[7mAnn\u{1B}[27m, id: 1\u{1B}[0m\n"
        + "\u{1B}[32m+name: \u{1B}[7mBo\u{1B}[27m, id: 1\u{1B}[0m\n"
        + " same")
    // Lines that share no word are coloured whole, without marks.
    #expect(
      UnifiedDiff(colored: true).text(old: "alpha\n", new: "beta\n")
        == "\u{1B}[36m@@ -1 +1 @@\u{1B}[0m\n\u{1B}[31m-alpha\u{1B}[0m\n\u{1B}[32m+beta\u{1B}[0m")
    // Without colour, nothing is marked.
    #expect(
      UnifiedDiff().text(old: "name: Ann\n", new: "name: Bo\n")
        == "@@ -1 +1 @@\n-name: Ann\n+name: Bo")
  }

  @Test func aReviewCountsTheFoldedLines() {
    let old = (1...20).map(String.init).joined(separator: "\n") + "\n"
    let new = old.replacingOccurrences(of: "\n10\n", with: "\nten\n")
    let text = UnifiedDiff.forReview(colored: false).text(old: old, new: new)
    #expect(
      text == """
        ⋯ 6 unchanged lines
        @@ -7,7 +7,7 @@
         7
         8
         9
        -10
        +ten
         11
         12
         13
        ⋯ 7 unchanged lines
        """)
  }
}
