/// The call expressions of a Swift file, read from ``SwiftTokens`` by a small reader
/// (``CallReader``) instead of a parser: what inline snapshots and migration edit.
///
/// Each call comes with its argument list, its trailing closures (the first and the labelled
/// ones) and the string literals that make up an argument or a closure whole, as UTF-8 offsets.
/// Where Swift's grammar needs the context to tell a call from something else, the reader
/// follows swift-syntax's rules: a `(` or `[` at the start of a line begins a new expression; a
/// `{` after an expression is a trailing closure, except an accessor block (`{ didSet …`), a
/// switch's body (`{ case …`), a declaration's body and, in a statement's condition (`if`,
/// `while`, `guard`, `for`, `switch`, `catch`, `case`), a `{` that swift-syntax's look-ahead
/// takes for the body. A test holds its answers to swift-syntax's on every call of the package
/// mirror's sources.
package enum SwiftCalls {
  public struct Call: Equatable, Sendable {
    /// The called function's name as written (`f` in `f(…)`, `x.f(…)`, `.f(…)` and
    /// `f<T>(…)`); `nil` when the callee is not a name (`f()()`, `x?(…)`).
    public var name: String?
    public var nameStart: Int?
    /// Where the called expression starts (`x` in `x.y.f(…)`) and ends.
    public var start: Int
    public var calleeEnd: Int
    public var leftParen: Int?
    /// Where the `)` ends.
    public var rightParenEnd: Int?
    public var arguments: [Argument]
    public var trailingClosure: Closure?
    public var additionalTrailingClosures: [Closure]
    public var end: Int
  }

  public struct Argument: Equatable, Sendable {
    public var label: String?
    /// The label's start, or the expression's when there is none.
    public var start: Int
    public var expressionStart: Int
    public var expressionEnd: Int
    /// Past the trailing comma, when there is one.
    public var end: Int
    /// The expression, when it is one closure.
    public var closure: Closure?
    /// The expression, when it is one string literal.
    public var literal: Literal?
    /// The expression's elements, when it is one array literal.
    public var elements: [Element]?
  }

  /// An element of an array literal.
  public struct Element: Equatable, Sendable {
    public var start: Int
    /// Where the expression ends, and past the trailing comma when there is one.
    public var expressionEnd: Int
    public var end: Int
    public var literal: Literal?
  }

  public struct Closure: Equatable, Sendable {
    /// A later trailing closure's label and where it starts.
    public var label: String?
    public var labelStart: Int?
    /// From `{` to past `}`.
    public var start: Int
    public var end: Int
    /// What the closure holds, when it is one string literal and nothing else.
    public var literal: Literal?
  }

  public struct Literal: Equatable, Sendable {
    public var start: Int
    public var end: Int
    /// The string the literal stands for; `nil` when it interpolates or is malformed.
    public var value: String?
  }

  /// Whether every `(`, `[` and `{` of `source` (outside strings and comments) is closed by its
  /// own closer, and no closer is left over: what an edit of a file must keep.
  package static func bracketsPair(in source: String) -> Bool {
    SwiftTokens.bracketsPair(SwiftTokens.of(source))
  }

  /// Every call in `source`, in the order of their callee's end.
  public static func calls(in source: String) -> [Call] { calls(in: Array(source.utf8)) }

  package static func calls(in bytes: [UInt8]) -> [Call] {
    calls(in: SwiftTokens.lexed(bytes), of: bytes)
  }

  /// The calls of `bytes`, already lexed.
  package static func calls(in lexed: SwiftTokens.Lexed, of bytes: [UInt8]) -> [Call] {
    var calls: [Call] = []
    for tokens in [lexed.tokens] + lexed.interpolations {
      var reader = CallReader(tokens: tokens, bytes: bytes)
      reader.block(0..<tokens.count)
      calls += reader.calls
    }
    return calls.sorted { $0.calleeEnd < $1.calleeEnd }
  }
}
