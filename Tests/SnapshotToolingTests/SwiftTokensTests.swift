import Foundation
import Testing

@testable @_spi(Tooling) import SnapshotTooling
@testable import SnapshotsSwiftReader

/// The lexer's operators are prefix, postfix or binary as swift-syntax's are, the oracle: on
/// sources written to trip it, this repository's sources, and a folder of real Swift files when
/// `SNAPSHOTS_SWIFT_CORPUS` names one.
@Suite struct SwiftTokensTests {
  static let tricky = [
    "a + b; a+b; -x; x!; x?.y; !flag; a ? b : c; try? f(); try! g(); x! + y",
    "f(!a, -b); [x?, y!]; x?(1); y!(2); a!.b; c?.d?.e; let p = &q; f(&r)",
    "a ?? b; x...y; ..<z; a...; (-x); { !$0 }; if !ok {}; x!==y; a<b; c>d",
    "let r = /ab+c/; let s = #/x/#; let t = a / b / c; f(/x/, y)",
  ]

  /// Each operator both read at one offset, with its text, where the two disagree.
  static func disagreements(in source: String) -> (compared: Int, disagreeing: [String])? {
    guard let expected = SwiftSyntaxOracle.operators(in: source) else { return nil }
    let lexed = SwiftTokens.lexed(Array(source.utf8))
    var compared = 0
    var disagreeing: [String] = []
    for tokens in [lexed.tokens] + lexed.interpolations {
      for (index, token) in tokens.enumerated() {
        // A declaration's name (`static func ==(`, `infix operator <>`) is not applied:
        // swift-syntax's parser makes it binary whatever its spacing, and the reader reads it
        // as a name.
        let declared = index > 0 && tokens[index - 1].isAny(of: [.func, .operator])
        guard case .operator(let fixity) = token.kind, !declared, let other = expected[token.start],
          other.text == token.text
        else { continue }
        compared += 1
        if other.fixity != fixity {
          let line = source.utf8.prefix(token.start).filter { $0 == 10 }.count + 1
          disagreeing.append(
            "line \(line): `\(token.text)` \(fixity), swift-syntax \(other.fixity)")
        }
      }
    }
    return (compared, disagreeing)
  }

  static func compareAll(under folder: URL) -> (files: Int, compared: Int, disagreeing: [String]) {
    var (files, compared, disagreeing) = (0, 0, [String]())
    SwiftSyntaxOracle.forEachSource(under: folder) { url, source in
      guard let result = disagreements(in: source) else { return }
      files += 1
      compared += result.compared
      disagreeing += result.disagreeing.map { "\(url.path): \($0)" }
    }
    return (files, compared, disagreeing)
  }

  @Test(arguments: tricky)
  func operatorsAgreeOnTrickySources(_ source: String) throws {
    let result = try #require(Self.disagreements(in: source))
    #expect(result.compared >= 2)
    #expect(result.disagreeing == [])
  }

  @Test func operatorsAgreeOnThisRepositorysSources() {
    let result = Self.compareAll(under: SwiftSyntaxOracle.repository())
    #expect(result.compared > 5_000)
    #expect(result.disagreeing == [], "\(result.disagreeing.prefix(20))")
  }

  @Test func operatorsAgreeOnACorpusWhenOneIsGiven() {
    guard let folder = SwiftSyntaxOracle.corpus(for: "SwiftTokensTests") else { return }
    let result = Self.compareAll(under: folder)
    print(
      "SwiftTokensTests: \(result.compared) operators in \(result.files) files compared, \(result.disagreeing.count) disagreeing"
    )
    for line in result.disagreeing.prefix(200) { print("  \(line)") }
    #expect(result.disagreeing == [], "\(result.disagreeing.prefix(20))")
  }

  /// A regular expression is a token of its own kind, with its own text.
  @Test func aRegularExpressionIsARegexToken() {
    let tokens = SwiftTokens.of("let r = /ab+c/; let s = #/x/#")
    #expect(tokens.filter { $0.kind == .regex }.map(\.text) == ["/ab+c/", "#/x/#"])
  }
}
