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
package enum SwiftDeclarations {
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

  /// The test names a file's references can be named after, what the reader could not read, and
  /// where it puts references in a folder of its choosing.
  public struct TestNames: Equatable, Sendable {
    /// As `#function` spells them: each function and initializer the file declares, in every
    /// `#if` branch (`dump()`, `a b()` for a function named `a b` in backticks, `init(x:)`),
    /// each subscript (`subscript(_:)`), `deinit`, each variable (whose accessors `#function`
    /// names after it), and each string literal passed as `testName:`.
    public var names: Set<String> = []
    /// Where a name could not be read, in the order of the source; empty when none.
    public var unread: [Unread] = []
    /// The lines of the calls that pass a `snapshotDirectory:` (other than `nil`): their
    /// references go to a folder known only when the test runs, any test file's folder.
    public var chosenFolders: [Int] = []
  }

  /// What keeps the reader from knowing every name a file's references can be named after.
  public enum Unread: Equatable, Sendable {
    /// A `func`, `init` or `subscript` on this line whose name or parameters the reader cannot
    /// read.
    case declaration(line: Int)
    /// A `testName:` argument on this line that is neither a string literal nor `#function`:
    /// its references are named after a value known only when the test runs.
    case testName(line: Int)
    /// The file ends inside a comment or a string, or its brackets do not pair as the reader
    /// reads them: it may have taken code for a comment or a string.
    case unbalanced
  }

  /// The names `source`'s references can be named after.
  public static func testNames(in source: String) -> TestNames {
    let bytes = Array(source.utf8)
    let lexed = SwiftTokens.lexed(bytes)
    let tokens = lexed.tokens
    var found = TestNames()
    if lexed.endsOpen || !SwiftTokens.bracketsPair(tokens) { found.unread.append(.unbalanced) }
    var reader = CallReader(tokens: tokens, bytes: bytes)
    for index in tokens.indices where isDeclaration(index, in: tokens) {
      if tokens[index].isKeyword(.var) {
        // A property's accessors and observers are named after it.
        if index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
          let name = CallReader.unescaped(tokens[index + 1].text)
        {
          found.names.insert(name)
        }
      } else if tokens[index].isKeyword(.deinit) {
        found.names.insert("deinit")
      } else if let name = reader.declaredFunction(at: index) {
        found.names.insert(name)
      } else {
        found.unread.append(.declaration(line: line(at: tokens[index].start, in: bytes)))
      }
    }
    for call in SwiftCalls.calls(in: lexed, of: bytes) {
      for argument in call.arguments {
        let text = bytes[argument.expressionStart..<argument.expressionEnd]
        switch argument.label {
        case "testName":
          if let value = argument.literal?.value {
            found.names.insert(value)
          } else if !text.elementsEqual("#function".utf8) {
            found.unread.append(.testName(line: line(at: argument.start, in: bytes)))
          }
        case "snapshotDirectory" where !text.elementsEqual("nil".utf8):
          found.chosenFolders.append(line(at: argument.start, in: bytes))
        default: continue
        }
      }
    }
    return found
  }

  /// Whether the token at `index` starts a function, an initializer, a subscript, a
  /// deinitializer or a variable: its keyword, neither a label (`f(func: 1)`,
  /// `f(init x: Int)`) nor a member (`.init(…)`).
  private static func isDeclaration(_ index: Int, in tokens: [SwiftTokens.Token]) -> Bool {
    guard tokens[index].isAny(of: [.func, .`init`, .subscript, .deinit, .var]) else {
      return false
    }
    if index + 1 < tokens.count, tokens[index + 1].isPunctuation(.colon) { return false }
    guard index > 0, let before = tokens[index - 1].punctuation else { return true }
    return before != .leftParen && before != .comma && before != .period
  }

  /// The line (from 1) of the byte at `offset`.
  private static func line(at offset: Int, in bytes: [UInt8]) -> Int {
    1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }
}
