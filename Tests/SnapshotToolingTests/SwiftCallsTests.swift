import Foundation
@_spi(Tooling) import SnapshotTooling
import Testing

@testable import SnapshotsSwiftReader

/// The call reader's calls equal swift-syntax's, the oracle, for every call of a file.
///
/// Callee, argument list, trailing closures and the string literals that make an argument or
/// a closure whole. On sources written to trip it, on this repository's sources, and on a folder
/// of real Swift files when `SNAPSHOTS_SWIFT_CORPUS` names one (the package mirror, for the
/// record in `Benchmarks/README.md`).
@Suite struct SwiftCallsTests {
  static let tricky: [String] = [
    "f(); x.f(a, b: 1); .f(c: \"s\"); f<Int>(x); a.b(1).c(2)(3)",
    "f { 1 }; f(x) { 1 } label: { 2 } other: { \"three\" }",
    "f(x: { \"one\" }, y: #\"two\"#, z: \"a\\(b)c\")",
    "if f(x) { g() } else if h { i() }\nwhile x.contains { $0 } { y() }",
    "for x in a.filter { $0 > 1 } where x.ok { f(x) }\nguard let y = f() else { return }",
    "switch f(x) { case .a(let y): g(y) { 1 }; case h(z), .b: break; default: i() }",
    "var x: Int { get { f() } set { g(newValue) } }\nvar y = f() { didSet { g() } }",
    "lazy var z: [Int] = f { 1 }\nlet (a, b) = g(), c: Dictionary<String, Int> = h()",
    "func f(a: Int = g(), b: [Int] = h { 1 }) -> Int where T: P { i(a) }\ninit?(x: Int) { f(x) }",
    "struct S: P { case a; func f() { g() } }\nenum E { case a(Int), b(x: String) }",
    "let f = g(x:y:); h(g(x:)); let t = Array<Int>(); let u = a < b, c > (d)",
    "x?(1); x!(2); y?.f(3); try f(); await g(); try! h()",
    "let m = \"\"\"\n  line \\(f(1))\n  \"\"\"\n",
    "#if os(Linux) && canImport(Foundation)\nf()\n#endif\n#expect(f(x) == 1)",
    "@Test(.tags(.x), arguments: f()) func t() { g() }\n@available(macOS 13, *) func u() {}",
    "items.map { (a: Int) -> Int in f(a) }.filter { [weak self] x in g(x) }",
    "f(\n  x\n)\n(y)\nz\n[1]",
    "f() {\n}\nlabel: {\n}",
    "let r = #/a(b)/#; f(r)",
    // Bare `/…/` regular expressions (Swift 6 mode), where they hold what would otherwise end
    // a call or start a string, and a `/` that divides or is passed as a function instead.
    ##"let q = /"[^"]*"/; let b = /\{(\d+)\}/; call(q, b)"##,
    ##"x.split(separator: /\s*,\s*/).map { g($0) }; f(/(a)/, y)"##,
    ##"if let m = try? /(\w+)=(\w+)/.wholeMatch(in: s) { use(m.1) }"##,
    "let half = total / 2 / count; xs.reduce(1, /); f(a/b/c)",
    ##"switch s { case /ab+c/: f() default: g(x / y, /) }"##,
    ##"return /\)/.firstMatch(in: h(x))"##,
    // What swift-syntax passes over as whitespace: a NUL, a control character, U+FFFD, a
    // byte-order mark, a no-break space (the fuzzer's first find).
    "f(x:\u{0}\u{FFFD}\u{FEFF}\u{2} y, z: \u{A0}g(é, 名前))",
    "assertInlineSnapshot(of: x, as: .lines) {\n  \"\"\"\n  a\n  \"\"\"\n}",
    "private(set) var a = f(); nonisolated(unsafe) let b = g()",
    "class func f() { g() }; class C: D { func h() { i() } }",
    "subscript(i: Int) -> Int { get { f(i) } }\nprotocol P { var x: Int { get } \n func f() -> Int }",
    // A closure called in a condition, where an operator wants an operand; a type's head
    // carried on to the next line by its `:`.
    "guard let h = f(x) ?? { g() }() else { return }\nwhile i < { j() }() { k() }",
    "struct S\n  : P { func f() { g() } }",
  ]

  @Test(arguments: tricky)
  func agreesOnTrickySources(source: String) throws {
    let expected = try #require(SwiftSyntaxOracle.calls(in: source), "swift-syntax: \(source)")
    #expect(SwiftCalls.calls(in: source) == expected)
  }

  /// Every `.swift` file under `folder`: how many files and calls were compared, and the
  /// calls that disagreed.
  static func compareAll(under folder: URL) -> (
    files: Int, calls: Int, unparsed: Int, disagreeing: [String]
  ) {
    var files = 0
    var calls = 0
    var unparsed = 0
    var disagreeing: [String] = []
    SwiftSyntaxOracle.forEachSource(under: folder) { url, source in
      guard let expected = SwiftSyntaxOracle.calls(in: source) else {
        unparsed += 1
        return
      }
      files += 1
      calls += expected.count
      let found = SwiftCalls.calls(in: source)
      guard found != expected else { return }
      let byEnd = Dictionary(found.map { ($0.calleeEnd, $0) }, uniquingKeysWith: { a, _ in a })
      let expectedEnds = Set(expected.map(\.calleeEnd))
      for call in expected where byEnd[call.calleeEnd] != call {
        disagreeing.append(describe(call, byEnd[call.calleeEnd], in: source, url: url))
      }
      for call in found where !expectedEnds.contains(call.calleeEnd) {
        disagreeing.append(describe(nil, call, in: source, url: url))
      }
    }
    return (files, calls, unparsed, disagreeing)
  }

  static func describe(
    _ expected: SwiftCalls.Call?, _ found: SwiftCalls.Call?, in source: String, url: URL
  ) -> String {
    let offset = expected?.calleeEnd ?? found?.calleeEnd ?? 0
    let line = source.utf8.prefix(offset).filter { $0 == 10 }.count + 1
    let field: String
    switch (expected, found) {
    case (nil, _): field = "only the reader sees a call"
    case (_, nil): field = "the reader misses it"
    case (let e?, let f?):
      if e.name != f.name || e.nameStart != f.nameStart {
        field = "name"
      } else if e.start != f.start {
        field = "start"
      } else if e.arguments.count != f.arguments.count {
        field = "argument count"
      } else if e.arguments != f.arguments {
        let index = e.arguments.indices.first { e.arguments[$0] != f.arguments[$0] } ?? 0
        field = "argument \(index): \(e.arguments[index]) vs \(f.arguments[index])"
      } else if e.trailingClosure != f.trailingClosure {
        field = "trailing closure"
      } else if e.additionalTrailingClosures != f.additionalTrailingClosures {
        field = "labelled trailing closures"
      } else {
        field = "parentheses or end"
      }
    }
    return "\(url.path):\(line): \(field)"
  }

  @Test func agreesOnThisRepositorysSources() {
    let result = Self.compareAll(under: SwiftSyntaxOracle.repository())
    #expect(result.calls > 5_000)
    #expect(result.disagreeing == [])
  }

  @Test func agreesOnACorpusWhenOneIsGiven() {
    guard let folder = SwiftSyntaxOracle.corpus(for: "SwiftCallsTests") else { return }
    let result = Self.compareAll(under: folder)
    print(
      "SwiftCallsTests: \(result.calls) calls in \(result.files) files compared, \(result.unparsed) files that swift-syntax does not parse cleanly left out, \(result.disagreeing.count) disagreeing"
    )
    for line in result.disagreeing.prefix(200) { print("  \(line)") }
    #expect(result.disagreeing == [], "\(result.disagreeing.prefix(20))")
  }
}
