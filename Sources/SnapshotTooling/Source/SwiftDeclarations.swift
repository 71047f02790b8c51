/// The functions a Swift file declares, read from ``SwiftTokens`` instead of a parser.
///
/// `snapshot-record` asks this of every test file (which references belong to no test, and
/// whether a partial run's records still have their test), and a Swift parser is the largest
/// thing the tool would otherwise build. The lexer knows what hides a `func`: comments (nested
/// ones too), string literals of every kind (multi-line, raw, with interpolations that hold
/// strings of their own) and regular expressions. A declaration is `func`, a name (an
/// identifier, a backticked one or an operator), an optional generic clause and a parameter
/// clause, whose parameters' first names are the labels. Functions in every `#if` branch count.
/// A test holds its answers to swift-syntax's on real sources.
public enum SwiftDeclarations {
  /// How many times the source declares each function, by its full name as a test's name is
  /// spelt: `dump()`, `pages(n:)`, `==(_:_:)`.
  public static func functions(in source: String) -> [String: Int] {
    let bytes = Array(source.utf8)
    let tokens = SwiftTokens.lexed(bytes).tokens
    var reader = CallReader(tokens: tokens, bytes: bytes)
    var names: [String: Int] = [:]
    for index in tokens.indices where tokens[index].isKeyword(.func) {
      if let name = reader.declaredFunction(at: index) { names[name, default: 0] += 1 }
    }
    return names
  }
}
