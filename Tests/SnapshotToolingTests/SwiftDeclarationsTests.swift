import Foundation
import SnapshotTooling
import Testing

@testable import SnapshotsSwiftReader

/// The lexer's functions equal swift-syntax's, the oracle: on sources written to trip it, on
/// every Swift file of this repository, and on a folder of real Swift files when
/// `SNAPSHOTS_SWIFT_CORPUS` names one (every package of the mirror, for the record in
/// `Benchmarks/README.md`).
@Suite struct SwiftDeclarationsTests {
  static func oracle(_ source: String) -> [String: Int]? {
    SwiftSyntaxOracle.functions(in: source)
  }

  static let tricky: [String] = [
    #"func plain() {}; func labels(_ a: Int, b c: String, d: Int = 3) {}"#,
    #"let s = "func notAFunction()"; func afterString() {}"#,
    #"""
    let m = """
      func insideMultiline(x: Int) {}
      \(items.map { "func \($0)(" }.joined())
      """
    func afterMultiline() {}
    """#,
    ##"let r = #"func raw() \#(value) " still raw "#; func afterRaw(a: Int) {}"##,
    "/* outer /* func nested() */ func stillComment() */ func afterComment() {}",
    "// func lineComment()\nfunc afterLineComment() {}",
    "#if os(Linux)\nfunc linux() {}\n#else\nfunc other(x: Int) {}\n#endif",
    "static func == (lhs: A, rhs: A) -> Bool { true }\nstatic func +(a: A, b: A) -> A { a }",
    "prefix func -(a: A) -> A { a }\nfunc `default`(`in` x: Int) {}",
    "func generic<T: Collection, U>(_ t: T, map: [String: Int], r: Result<T, Error>) where T: Equatable {}",
    "func nestedGeneric<T>(x: Dictionary<String, Array<Int>>, y: Int) {}",
    "func closures(handler: @escaping (Int, String) -> Void = { a, b in print(\"),\") }, next: Int) {}",
    "func builder(@ViewBuilder content: () -> V, @Sendable other: Int) {}",
    "call(func: 1); func f(func x: Int) {}",
    "func defaults(a: Bool = 1 < 2, b: Int = x ? 1 : 2, c: [Int] = [1, 2]) {}",
    "func variadic(_ values: Int..., last: Optional<Int>?) async throws -> Int { 0 }",
    "let regex = #/func (\\w+)\\(/#; func afterRegex() {}",
    ##"let bare = /func fake\(/; let q = /"func quoted() {"/; func afterBare(a: Int) {}"##,
    "struct S { func method() { func local(y: Int) {} } }\nprotocol P { func requirement(a: Int) }",
    "func 名前(引数: Int) {}",
    // Seen in the package mirror: a raw string of one quote, operators glued to their generic
    // clause or not, a generic attribute, generic arguments in a default value.
    ##"let quote = #"""#; let empty = #""""#; func afterQuote(a: Int) {}"##,
    "static func <<<T: BinaryInteger>(a: A, b: T) -> A { a }\nstatic func &<<(a: A, b: A) -> A { a }",
    "func key<A: Codable & Sendable>(at f: @escaping R<A, B?>, @Builder<A> _ c: () -> C<A>) {}",
    "func read<let n: Int, T>(as: InlineArray<n, T>.Type = InlineArray<n, T>.self, e: Int = 1) {}",
  ]

  @Test(arguments: tricky)
  func agreesOnTrickySources(source: String) throws {
    let expected = try #require(Self.oracle(source), "swift-syntax does not parse: \(source)")
    #expect(SwiftDeclarations.functions(in: source) == expected)
  }

  /// Every `.swift` file under `folder`; how many were compared and which disagreed.
  static func compareAll(under folder: URL) -> (compared: Int, unparsed: Int, disagreeing: [String])
  {
    var compared = 0
    var unparsed = 0
    var disagreeing: [String] = []
    SwiftSyntaxOracle.forEachSource(under: folder) { url, source in
      guard let expected = oracle(source) else {
        unparsed += 1
        return
      }
      compared += 1
      let found = SwiftDeclarations.functions(in: source)
      if found != expected {
        let lexerOnly = found.filter { expected[$0.key] != $0.value }.map {
          "\($0.key)×\($0.value)"
        }
        let oracleOnly = expected.filter { found[$0.key] != $0.value }.map {
          "\($0.key)×\($0.value)"
        }
        disagreeing.append(
          "\(url.path): lexer \(lexerOnly.sorted()), swift-syntax \(oracleOnly.sorted())")
      }
    }
    return (compared, unparsed, disagreeing)
  }

  @Test func agreesOnThisRepositorysSources() {
    let result = Self.compareAll(under: SwiftSyntaxOracle.repository())
    #expect(result.compared > 200)
    #expect(result.disagreeing == [])
  }

  @Test func agreesOnACorpusWhenOneIsGiven() {
    guard let folder = SwiftSyntaxOracle.corpus(for: "SwiftDeclarationsTests") else { return }
    let result = Self.compareAll(under: folder)
    print(
      "SwiftDeclarationsTests: \(result.compared) files compared, \(result.unparsed) that swift-syntax does not parse cleanly left out, \(result.disagreeing.count) disagreeing"
    )
    #expect(result.disagreeing == [], "\(result.disagreeing.prefix(20))")
  }
}
