/// The call expressions of a Swift file, read by the lexer of ``SwiftDeclarations`` and a
/// small reader of its tokens instead of a parser: what inline snapshots and migration edit.
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
@_spi(Tooling) public enum SwiftCalls {
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
  static func bracketsPair(in source: String) -> Bool {
    var open: [String] = []
    for token in SwiftTokens.of(source) where token.kind == .punctuation {
      switch token.text {
      case "(", "[", "{": open.append(CallReader.closer(of: token.text))
      case ")", "]", "}": if open.popLast() != token.text { return false }
      default: break
      }
    }
    return open.isEmpty
  }

  /// Whether `word` is a keyword that never names a value (`return`, `in`, `case`…).
  static func isKeyword(_ word: String) -> Bool { CallReader.keywords.contains(word) }

  /// Every call in `source`, in the order of their callee's end.
  public static func calls(in source: String) -> [Call] { calls(in: Array(source.utf8)) }

  static func calls(in bytes: [UInt8]) -> [Call] {
    let lexed = SwiftTokens.lexed(bytes)
    var calls: [Call] = []
    for tokens in [lexed.tokens] + lexed.interpolations {
      var reader = CallReader(tokens: tokens, bytes: bytes)
      reader.block(0..<tokens.count)
      calls += reader.calls
    }
    return calls.sorted { $0.calleeEnd < $1.calleeEnd }
  }
}

/// Walks a token list as statements and expressions, recording calls.
private struct CallReader {
  typealias Token = SwiftTokens.Token
  let tokens: [Token]
  let bytes: [UInt8]
  /// For each `(`, `[` and `{`, the index of the token that closes it (or the end).
  let closing: [Int]
  var calls: [SwiftCalls.Call] = []
  /// The elements of each array literal read, by the index of its `[`.
  var arrays: [Int: [SwiftCalls.Element]] = [:]

  init(tokens: [Token], bytes: [UInt8]) {
    self.tokens = tokens
    self.bytes = bytes
    var closing = Array(repeating: tokens.count, count: tokens.count)
    var open: [Int] = []
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      switch token.text {
      case "(", "[", "{": open.append(index)
      case ")", "]", "}":
        // A closer that does not match the innermost opener closes nothing.
        if let last = open.last, Self.closer(of: tokens[last].text) == token.text {
          closing[open.removeLast()] = index
        }
      default: break
      }
    }
    self.closing = closing
  }

  static func closer(of opener: String) -> String {
    opener == "(" ? ")" : opener == "[" ? "]" : "}"
  }

  // MARK: - Statements

  /// The expression that ends at the last token read, as far as a call suffix cares.
  struct Postfix {
    var start: Int
    /// The index of the name token, when the expression is a name, a member or a generic
    /// specialisation of one.
    var name: Int?
    var isLiteral = false
    /// A call that ends with trailing closures: a `{` after it starts an expression of its own.
    var endsWithClosure = false
  }

  /// Where a run of tokens stops early.
  struct Stops {
    var comma = false
    var colon = false
    /// A statement's condition: stops at its body's `{`, or at the end of a line that ends
    /// the expression (`repeat { } while x`).
    var condition = false
  }

  mutating func block(_ range: Range<Int>, enumBody: Bool = false) {
    _ = run(from: range.lowerBound, to: range.upperBound, stops: Stops(), enumBody: enumBody)
  }

  /// Reads tokens from `start` to `end` or to a stop; the index where it stopped.
  mutating func run(from start: Int, to end: Int, stops: Stops, enumBody: Bool = false) -> Int {
    var index = start
    var current: Postfix?
    while index < end {
      let token = tokens[index]
      if stops.comma, token.isPunctuation(",") { return index }
      if stops.colon, token.isPunctuation(":") { return index }
      if stops.condition, index > start, token.lineBreakBefore, current != nil,
        endsCondition(at: index)
      {
        return index
      }
      switch token.kind {
      case .identifier:
        if index > start, current != nil,
          tokens[index - 1].isPunctuation(".") || tokens[index - 1].isPunctuation(":")
        {
          // A member: `x.f`, `.init`, `x.default`, `"s".count`, `x.Swift::f` (the `::` of a
          // module selector is only passed over after a member).
          current?.name = index
          current?.isLiteral = false
          current?.endsWithClosure = false
          index = afterGenerics(index + 1)
          continue
        }
        if let next = keyword(at: index, end: end, enumBody: enumBody, stops: stops) {
          current = nil
          index = next
          continue
        }
        let literalWords: Set = ["true", "false", "nil"]
        current = Postfix(
          start: token.start, name: literalWords.contains(token.text) ? nil : index,
          isLiteral: literalWords.contains(token.text))
        index = afterGenerics(index + 1)
      case .string, .literal:
        if index > start, tokens[index - 1].isPunctuation("."), current != nil {
          current?.name = index  // `tuple.0`
          current?.isLiteral = false
          current?.endsWithClosure = false
          index += 1
          continue
        }
        current = Postfix(start: token.start, name: nil, isLiteral: true)
        index += 1
      case .operator:
        if current != nil, !token.spaceBefore, token.text.allSatisfy({ $0 == "?" || $0 == "!" }),
          token.text.count == 1 || index + 1 >= end || !tokens[index + 1].spaceBefore
        {
          current?.name = nil
          current?.isLiteral = false
          current?.endsWithClosure = false
        } else {
          current = nil
        }
        index += 1
      case .punctuation:
        switch token.text {
        case ".":
          if current == nil { current = Postfix(start: token.start, name: nil) }
          index += 1
        case "(":
          if let callee = current, !token.lineBreakBefore {
            if isDeclNameArguments(index) {
              index = closing[index] + 1
              continue
            }
            index = call(callee, open: index, suffix: index, stops: stops)
            // `call` appended the call last.
            current = Postfix(
              start: callee.start, name: nil, endsWithClosure: calls.last?.trailingClosure != nil)
          } else {
            list(index)
            current = Postfix(start: token.start, name: nil)
            index = closing[index] + 1
          }
        case "[":
          if let callee = current, !token.lineBreakBefore {
            list(index)
            index = trailingClosures(after: closing[index], callee: callee, stops: stops).next
            current = Postfix(start: callee.start, name: nil)
          } else {
            list(index)
            current = Postfix(start: token.start, name: nil)
            index = closing[index] + 1
          }
        case "{":
          if let callee = current, !callee.isLiteral, !callee.endsWithClosure,
            isTrailingClosure(at: index, condition: stops.condition)
          {
            index = call(callee, open: nil, suffix: index, stops: stops)
            current = Postfix(start: callee.start, name: nil, endsWithClosure: true)
            continue
          }
          if current?.endsWithClosure == true { current = nil }
          if stops.condition { return index }
          if current != nil {
            // An accessor block after a property's initial value: `= x { didSet … }`.
            accessorBlock(index)
            current = nil
          } else {
            let isBlock =
              index > start && ["else", "do", "repeat", "defer"].contains(tokens[index - 1].text)
            closure(index)
            current = isBlock ? nil : Postfix(start: token.start, name: nil)
          }
          index = closing[index] + 1
        case "@":
          index = attribute(index)
          current = nil
        case "#":
          let start = index
          let isExpression: Bool
          (index, isExpression) = poundDirective(index, end: end, stops: stops)
          current = isExpression ? Postfix(start: tokens[start].start, name: nil) : nil
        case ":"
        where current != nil && index + 2 < end && tokens[index + 1].isPunctuation(":")
          && !tokens[index + 1].spaceBefore && !token.spaceBefore:
          // A module selector: `x.Swift::reduce(…)`.
          index += 2
        default:
          current = nil
          index += 1
        }
      }
    }
    // A bracket left open in a malformed file closes at the end: never past `end`.
    return min(index, end)
  }

  /// Whether a line break before `index` ends a condition that has no body to stop at.
  func endsCondition(at index: Int) -> Bool {
    let token = tokens[index]
    switch token.kind {
    case .operator: return false
    case .punctuation: return ![".", ",", "{", ":", "(", "["].contains(token.text)
    case .identifier:
      return !["else", "where", "in", "is", "as", "let", "var"].contains(token.text)
    default: return true
    }
  }

  // MARK: - Keywords

  static let declarationKeywords: Set = [
    "func", "init", "deinit", "subscript", "var", "let", "struct", "class", "enum", "protocol",
    "extension", "actor", "typealias", "associatedtype", "import", "operator",
    "precedencegroup", "macro", "case", "static",
  ]
  static let modifiers: Set = [
    "private", "fileprivate", "internal", "public", "open", "package", "final", "override",
    "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "required", "convenience",
    "optional", "indirect", "nonisolated", "isolated", "consuming", "borrowing", "__consuming",
    "distributed", "prefix", "postfix", "infix", "class", "static",
  ]
  static let prefixWords: Set = [
    "unsafe", "borrow", "copy", "consume", "isolated", "discard", "some", "any",
  ]
  /// Words that are never an expression of their own.
  static let keywords: Set = [
    "as", "is", "in", "try", "await", "return", "throw", "if", "else", "guard", "while", "for",
    "switch", "case", "default", "where", "do", "repeat", "defer", "catch", "break", "continue",
    "fallthrough", "inout", "throws", "rethrows",
  ]

  /// Handles the word at `index` when it is a keyword; where reading goes on, or `nil` when the
  /// word is a name.
  mutating func keyword(at index: Int, end: Int, enumBody: Bool, stops: Stops) -> Int? {
    let word = tokens[index].text
    let next = index + 1 < end ? tokens[index + 1] : nil
    switch word {
    case "func", "subscript", "deinit":
      return function(index, end: end)
    case "macro":
      // A contextual keyword: `macro name(…)` or `macro name<T>(…)` declares one.
      guard let next, next.kind == .identifier, index + 2 < end,
        tokens[index + 2].isPunctuation("(") || tokens[index + 2].text.hasPrefix("<")
      else { return nil }
      return function(index, end: end)
    case "init":
      return function(index, end: end)
    case "struct", "enum", "protocol", "extension":
      return typeDeclaration(index, end: end, isEnum: word == "enum")
    case "class", "actor":
      // `class func`, `class var`: a modifier; `class Name`: a declaration.
      guard let next, next.kind == .identifier, !Self.modifiers.contains(next.text),
        !Self.declarationKeywords.contains(next.text)
      else {
        return word == "class" ? index + 1 : nil
      }
      return typeDeclaration(index, end: end, isEnum: false)
    case "var", "let":
      return stops.condition || stops.colon ? index + 1 : binding(index, end: end)
    case "typealias", "associatedtype":
      return statementEnd(from: index + 1, end: end)
    case "import", "operator":
      // One line: `prefix operator /` ends there, though `/` would carry a type on.
      var position = index + 1
      while position < end, !tokens[position].lineBreakBefore,
        !tokens[position].isPunctuation(";")
      {
        position += 1
      }
      return position
    case "precedencegroup":
      var position = index + 1
      while position < end, !tokens[position].isPunctuation("{") { position += 1 }
      return position < end ? closing[position] + 1 : end
    case "case":
      if enumBody {
        // Associated values' default values are expressions.
        let stop = statementEnd(from: index + 1, end: end)
        var position = index + 1
        while position < stop {
          guard tokens[position].isPunctuation("(") else {
            position += 1
            continue
          }
          parameters(position)
          position = closing[position] + 1
        }
        return stop
      }
      let stop = run(
        from: index + 1, to: end, stops: Stops(comma: false, colon: true, condition: true))
      return stop < end && tokens[stop].isPunctuation(":") ? stop + 1 : stop
    case "do":
      // `do throws(E) { … }`: the type is no expression.
      var position = index + 1
      if position < end, tokens[position].isKeyword("throws") {
        position += 1
        if position < end, tokens[position].isPunctuation("(") { position = closing[position] + 1 }
      }
      guard position < end, tokens[position].isPunctuation("{") else { return position }
      block((position + 1)..<closing[position])
      return closing[position] + 1
    case "if", "guard", "while", "for", "switch", "catch":
      let body = run(from: index + 1, to: end, stops: Stops(condition: true))
      guard body < end, tokens[body].isPunctuation("{") else { return body }
      block((body + 1)..<closing[body])
      return closing[body] + 1
    case "get", "set", "willSet", "didSet":
      return nil
    default:
      if Self.modifiers.contains(word), let next {
        if next.kind == .identifier
          && (Self.modifiers.contains(next.text) || Self.declarationKeywords.contains(next.text))
        {
          return index + 1
        }
        // `private(set) var`, `nonisolated(unsafe) let`, `unowned(safe)`.
        if next.isPunctuation("("), index + 3 < end, tokens[index + 3].isPunctuation(")"),
          ["set", "unsafe", "safe", "nonsending"].contains(tokens[index + 2].text)
        {
          return index + 4
        }
      }
      // `unsafe x`, `borrow x`: words that take the expression after them, unless glued to it
      // as a call (`unsafe(x)`) or a member (`borrow.x`).
      if Self.prefixWords.contains(word), let next, next.spaceBefore, !next.lineBreakBefore,
        next.kind != .operator || next.text == "&"
      {
        return index + 1
      }
      return Self.keywords.contains(word) ? index + 1 : nil
    }
  }

  /// A function, initializer, subscript or macro declaration: its default values and its body
  /// are read, its types skipped.
  mutating func function(_ index: Int, end: Int) -> Int {
    var position = index + 1
    let word = tokens[index].text
    if word == "func" || word == "macro" {
      position += 1
    } else if word == "init", position < end,
      tokens[position].isOperator("?") || tokens[position].isOperator("!")
    {
      position += 1
    }
    // The generic clause: `f<T>`, or glued to an operator's name (`==<T>`).
    var angles = 0
    let name = tokens[position - 1]
    if word == "func", name.kind == .operator, name.text.count > 1, name.text.hasSuffix("<"),
      position < end, tokens[position].kind == .identifier
    {
      angles = 1
    } else if position < end, tokens[position].kind == .operator,
      tokens[position].text.hasPrefix("<")
    {
      angles = tokens[position].angleChange
      position += 1
    }
    while angles > 0 && position < end {
      angles += tokens[position].angleChange
      position += 1
    }
    if position < end, tokens[position].isPunctuation("(") {
      parameters(position)
      position = closing[position] + 1
    }
    return signatureTail(from: position, end: end, accessors: word == "subscript")
  }

  /// The default values in a parameter clause.
  mutating func parameters(_ open: Int) {
    let close = closing[open]
    var position = open + 1
    while position < close {
      let token = tokens[position]
      if token.isOperator("=") {
        position = run(from: position + 1, to: close, stops: Stops(comma: true))
        continue
      }
      if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) {
        position = closing[position] + 1
        continue
      }
      position += 1
    }
  }

  /// From after a declaration's signature to past its body; at the end of the declaration when
  /// it has none (a protocol's requirement).
  mutating func signatureTail(from start: Int, end: Int, accessors: Bool) -> Int {
    var position = start
    while position < end {
      let token = tokens[position]
      if token.isPunctuation("{") {
        if accessors { accessorBlock(position) } else { block((position + 1)..<closing[position]) }
        return closing[position] + 1
      }
      if token.isPunctuation(";") || token.isPunctuation("}") || token.isOperator("=") {
        return position
      }
      if token.lineBreakBefore, !continuesType(at: position) { return position }
      if token.kind == .punctuation, ["(", "["].contains(token.text) {
        position = closing[position] + 1
        continue
      }
      position += 1
    }
    return min(position, end)
  }

  /// Whether the token at `index`, first on its line, goes on with the type or signature
  /// before it.
  func continuesType(at index: Int) -> Bool {
    let token = tokens[index]
    let previous = tokens[index - 1]
    // An operator carries on, but for one that ends a type: `>`, `?`, `!`, `>?`.
    let endsType =
      previous.angleChange < 0 || previous.text.hasSuffix("?") || previous.text.hasSuffix("!")
    if (previous.kind == .operator && !endsType) || previous.isPunctuation(",")
      || previous.isPunctuation(":") || previous.isPunctuation(".") || previous.isKeyword("where")
    {
      return true
    }
    if token.kind == .operator || token.isPunctuation(".") || token.isPunctuation(",") {
      return true
    }
    return ["where", "throws", "rethrows", "async", "reasync"].contains(token.text)
      && token.kind == .identifier
  }

  /// A type's declaration: its body, read.
  mutating func typeDeclaration(_ index: Int, end: Int, isEnum: Bool) -> Int {
    var position = index + 1
    while position < end {
      let token = tokens[position]
      if token.isPunctuation("{") {
        block((position + 1)..<closing[position], enumBody: isEnum)
        return closing[position] + 1
      }
      if token.isPunctuation(";") || token.isPunctuation("}") { return position }
      if token.kind == .punctuation, ["(", "["].contains(token.text) {
        position = closing[position] + 1
        continue
      }
      position += 1
    }
    return min(position, end)
  }

  /// A `var` or `let`, read past its pattern and type.
  ///
  /// A computed property's or an observed one's accessors are read; the initial value is read
  /// by the caller, as any expression.
  mutating func binding(_ index: Int, end: Int) -> Int {
    var position = index + 1
    guard position < end else { return position }
    if tokens[position].isPunctuation("(") {
      list(position)
      position = closing[position] + 1
    } else if tokens[position].kind == .identifier {
      position += 1
    }
    guard position < end, tokens[position].isPunctuation(":") else { return position }
    position += 1
    var angles = 0
    while position < end {
      let token = tokens[position]
      if angles == 0 {
        if token.isOperator("=") || token.isPunctuation(",") || token.isPunctuation(";")
          || token.isPunctuation("}")
        {
          return position
        }
        if token.isPunctuation("{") {
          accessorBlock(position)
          return closing[position] + 1
        }
        if token.lineBreakBefore, !continuesType(at: position) { return position }
      }
      if token.kind == .punctuation, ["(", "["].contains(token.text) {
        position = closing[position] + 1
        continue
      }
      angles = max(0, angles + token.angleChange)
      position += 1
    }
    return min(position, end)
  }

  static let accessorWords: Set = [
    "get", "set", "willSet", "didSet", "_read", "_modify", "init",
    "unsafeAddress", "unsafeMutableAddress",
  ]

  /// A `{ … }` after a property or subscript: a list of accessors (each body read) or the
  /// getter's body.
  mutating func accessorBlock(_ open: Int) {
    let close = closing[open]
    var position = open + 1
    var sawAccessor = false
    while position < close {
      let token = tokens[position]
      if token.isPunctuation("@") {
        position = attribute(position)
        continue
      }
      guard token.kind == .identifier else { break }
      if ["mutating", "nonmutating", "__consuming", "consuming", "borrowing"].contains(token.text) {
        position += 1
        continue
      }
      guard Self.accessorWords.contains(token.text) else { break }
      sawAccessor = true
      position += 1
      if position < close, tokens[position].isPunctuation("(") {
        position = closing[position] + 1
      }
      while position < close, tokens[position].kind == .identifier,
        ["async", "throws", "rethrows"].contains(tokens[position].text)
      {
        position += 1
        if position < close, tokens[position].isPunctuation("(") {
          position = closing[position] + 1
        }
      }
      if position < close, tokens[position].isPunctuation("{") {
        block((position + 1)..<closing[position])
        position = closing[position] + 1
      }
    }
    if !sawAccessor || position < close { block((open + 1)..<close) }
  }

  /// From a statement's second token to the start of the next statement: a line break that the
  /// previous token does not carry on over, a `;` or the end.
  func statementEnd(from start: Int, end: Int) -> Int {
    var position = start
    while position < end {
      let token = tokens[position]
      if token.isPunctuation(";") || token.isPunctuation("}") { return position }
      if token.lineBreakBefore, position > start, !continuesType(at: position) { return position }
      if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) {
        position = closing[position] + 1
        continue
      }
      position += 1
    }
    return min(position, end)
  }

  /// `@name`, `@name<T>` and its arguments (read as expressions, as swift-syntax does).
  mutating func attribute(_ index: Int) -> Int {
    var position = index + 1
    while position < tokens.count, tokens[position].kind == .identifier {
      position += 1
      guard position + 1 < tokens.count, tokens[position].isPunctuation("."),
        tokens[position + 1].kind == .identifier
      else { break }
      position += 1
    }
    position = afterGenerics(position)
    if position < tokens.count, tokens[position].isPunctuation("("),
      !tokens[position].spaceBefore
    {
      list(position)
      position = closing[position] + 1
    }
    return position
  }

  /// `#if`/`#elseif` conditions (to the end of their line), other directives, and macro
  /// expansions (`#expect(…)`, `#Preview { … }`), whose arguments are read but which are not
  /// calls.
  mutating func poundDirective(_ index: Int, end: Int, stops: Stops) -> (Int, isExpression: Bool) {
    var position = index + 1
    guard position < end, tokens[position].kind == .identifier, !tokens[position].spaceBefore
    else { return (position, false) }
    let name = tokens[position].text
    position += 1
    switch name {
    case "if", "elseif":
      var stop = position
      while stop < end, !tokens[stop].lineBreakBefore { stop += 1 }
      _ = run(from: position, to: stop, stops: Stops())
      return (stop, false)
    case "else", "endif":
      return (position, false)
    default:
      position = afterGenerics(position)
      let callee = Postfix(start: tokens[index].start, name: nil, isLiteral: true)
      if position < end, tokens[position].isPunctuation("("), !tokens[position].lineBreakBefore {
        list(position)
        position = closing[position] + 1
      }
      if position < end, tokens[position].isPunctuation("{") {
        return (trailingClosures(after: position - 1, callee: callee, stops: stops).next, true)
      }
      return (position, true)
    }
  }

  // MARK: - Expressions

  /// Past the generic arguments glued to the name before `index`, when they read as such.
  func afterGenerics(_ index: Int) -> Int {
    guard index < tokens.count, tokens[index].kind == .operator, tokens[index].text.hasPrefix("<"),
      tokens[index].text != "<>", tokens[index].angleChange > 0
    else { return index }
    var angles = 0
    var position = index
    while position < tokens.count {
      let token = tokens[position]
      switch token.kind {
      case .identifier, .literal:
        position += 1
        continue
      case .string:
        return index
      case .punctuation:
        if ["(", "["].contains(token.text) {
          position = closing[position] + 1
          continue
        }
        guard [",", ".", ":", "@"].contains(token.text) else { return index }
        position += 1
        continue
      case .operator:
        let change = token.angleChange
        position += 1
        if change != 0 {
          angles += change
          if angles <= 0 {
            // `>?` and `>!` end the clause with the optional's mark.
            if token.text.hasSuffix("?") || token.text.hasSuffix("!") { return position }
            return disambiguates(position) ? position : index
          }
        } else if !["->", "&", "?", "!", "~", "...", "-"].contains(token.text) {
          return index
        }
      }
    }
    return index
  }

  /// Whether the token at `index` may follow a generic argument clause (swift-syntax's
  /// disambiguating tokens).
  func disambiguates(_ index: Int) -> Bool {
    guard index < tokens.count else { return true }
    let token = tokens[index]
    switch token.kind {
    case .punctuation:
      if ["(", "["].contains(token.text) { return !token.lineBreakBefore }
      return [")", "]", "{", "}", ".", ",", ";", ":"].contains(token.text)
    case .operator:
      return token.text == "&" || ((token.text == "?" || token.text == "!") && !token.spaceBefore)
    default:
      return false
    }
  }

  /// Whether the parentheses at `open` name arguments (`f(x:y:)`) rather than pass them.
  func isDeclNameArguments(_ open: Int) -> Bool {
    var position = open + 1
    let close = closing[open]
    guard position < close else { return false }
    while position < close {
      guard tokens[position].kind == .identifier, tokens[position].text != "inout",
        position + 1 < close || position + 1 == close,
        position + 1 < tokens.count, tokens[position + 1].isPunctuation(":")
      else { return false }
      position += 2
    }
    return position == close
  }

  /// The expressions of a bracketed list.
  ///
  /// A tuple, an array, a subscript's or attribute's arguments, a capture list; an array
  /// literal's elements are kept.
  mutating func list(_ open: Int) {
    let close = closing[open]
    var position = open + 1
    var elements: [SwiftCalls.Element] = []
    var isDictionary = false
    while position < close {
      var stop = run(from: position, to: close, stops: Stops(comma: true, colon: true))
      // A ternary's `:` is the expression's own.
      while stop < close, tokens[stop].isPunctuation(":"),
        tokens[position..<stop].contains(where: { $0.isOperator("?") && $0.spaceBefore })
      {
        stop = run(from: stop + 1, to: close, stops: Stops(comma: true, colon: true))
      }
      if stop < close, tokens[stop].isPunctuation(":") {
        isDictionary = true
        position = run(from: stop + 1, to: close, stops: Stops(comma: true)) + 1
        continue
      }
      if stop > position {
        elements.append(
          SwiftCalls.Element(
            start: tokens[position].start, expressionEnd: tokens[stop - 1].end,
            end: stop < close ? tokens[stop].end : tokens[stop - 1].end,
            literal: stop == position + 1 && tokens[position].kind == .string
              ? literalNode(position) : nil))
      }
      position = stop + 1
    }
    if tokens[open].isPunctuation("["), !isDictionary,
      !(close == open + 2 && tokens[open + 1].isPunctuation(":"))
    {
      arrays[open] = elements
    }
  }

  /// A closure or a block: its signature's capture list and its statements.
  mutating func closure(_ open: Int) {
    let close = closing[open]
    var body = open + 1
    if let inIndex = signatureEnd(open) {
      if tokens[open + 1].isPunctuation("[") { list(open + 1) }
      body = inIndex + 1
    }
    block(body..<close)
  }

  /// The index of the `in` that ends the closure's signature, when it has one.
  func signatureEnd(_ open: Int) -> Int? {
    let close = closing[open]
    var position = open + 1
    while position < close {
      let token = tokens[position]
      switch token.kind {
      case .identifier:
        if token.text == "in" { return position }
        if Self.keywords.contains(token.text),
          !["throws", "inout", "rethrows"].contains(token.text)
        {
          return nil
        }
      case .punctuation:
        if ["(", "["].contains(token.text) {
          position = closing[position] + 1
          continue
        }
        guard [",", ":", ".", "@"].contains(token.text) else { return nil }
      case .operator:
        guard token.angleChange != 0 || ["->", "?", "!", "&", "...", "~"].contains(token.text)
        else { return nil }
      case .string, .literal:
        return nil
      }
      position += 1
    }
    return nil
  }

  /// Whether the `{` at `index`, after an expression, opens a trailing closure.
  func isTrailingClosure(at index: Int, condition: Bool) -> Bool {
    let next = index + 1 < tokens.count ? tokens[index + 1] : nil
    if let next, next.isKeyword("case") { return false }
    if let next, next.kind == .identifier, ["didSet", "willSet", "init"].contains(next.text) {
      return false
    }
    if let next, next.isPunctuation("@") {
      var position = index + 1
      while position < tokens.count, tokens[position].isPunctuation("@") {
        position = afterAttributeName(position)
      }
      if position < tokens.count, tokens[position].kind == .identifier,
        Self.accessorWords.contains(tokens[position].text)
      {
        return false
      }
    }
    guard condition else { return true }
    guard let next, !next.lineBreakBefore else { return false }
    let close = closing[index]
    guard close < tokens.count, tokens[close].isPunctuation("}") else { return false }
    guard close + 1 < tokens.count else { return false }
    let after = tokens[close + 1]
    if after.isPunctuation("{") || after.isPunctuation(",") || after.isKeyword("where") {
      return true
    }
    let continues =
      after.kind == .operator
      || [".", "(", "[", ":"].contains(after.text) && after.kind == .punctuation
      || after.isKeyword("is") || after.isKeyword("as")
    return continues && !after.lineBreakBefore
  }

  func afterAttributeName(_ index: Int) -> Int {
    var position = index + 1
    if position < tokens.count, tokens[position].kind == .identifier { position += 1 }
    if position < tokens.count, tokens[position].isPunctuation("("),
      !tokens[position].spaceBefore
    {
      position = closing[position] + 1
    }
    return position
  }

  /// A call whose callee ends before `suffix` (its `(`, or its first trailing closure's `{`):
  /// its argument list at `open` (or none), then its trailing closures; where reading goes on.
  mutating func call(_ callee: Postfix, open: Int?, suffix: Int, stops: Stops) -> Int {
    let calleeLast = suffix - 1
    var call = SwiftCalls.Call(
      name: callee.name.map { tokens[$0].text }, nameStart: callee.name.map { tokens[$0].start },
      start: callee.start, calleeEnd: tokens[calleeLast].end, leftParen: nil, rightParenEnd: nil,
      arguments: [], trailingClosure: nil, additionalTrailingClosures: [], end: 0)
    var last = calleeLast
    if let open {
      let close = closing[open]
      call.leftParen = tokens[open].start
      call.rightParenEnd = close < tokens.count ? tokens[close].end : nil
      call.arguments = arguments(open)
      last = min(close, tokens.count - 1)
    }
    let (closures, next) = trailingClosures(after: last, callee: callee, stops: stops)
    call.trailingClosure = closures.first
    call.additionalTrailingClosures = Array(closures.dropFirst())
    call.end = closures.last?.end ?? tokens[last].end
    calls.append(call)
    return next
  }

  /// The trailing closures after the token at `last`, each read, and the index past them.
  mutating func trailingClosures(after last: Int, callee: Postfix, stops: Stops) -> (
    [SwiftCalls.Closure], next: Int
  ) {
    var closures: [SwiftCalls.Closure] = []
    var position = last + 1
    guard position < tokens.count, tokens[position].isPunctuation("{"),
      isTrailingClosure(at: position, condition: stops.condition)
    else { return ([], position) }
    closures.append(closureNode(position, label: nil))
    position = closing[position] + 1
    while position + 2 < tokens.count, tokens[position].kind == .identifier,
      tokens[position].text != "default", tokens[position + 1].isPunctuation(":"),
      tokens[position + 2].isPunctuation("{")
    {
      closures.append(closureNode(position + 2, label: position))
      position = closing[position + 2] + 1
    }
    return (closures, position)
  }

  /// A trailing closure, read, with its label.
  mutating func closureNode(_ open: Int, label: Int?) -> SwiftCalls.Closure {
    closure(open)
    var node = closureNodeShape(open)
    node.label = label.map { tokens[$0].text }
    node.labelStart = label.map { tokens[$0].start }
    return node
  }

  func literalNode(_ index: Int) -> SwiftCalls.Literal {
    let token = tokens[index]
    return SwiftCalls.Literal(
      start: token.start, end: token.end,
      value: SwiftStringLiteral.value(of: bytes[token.start..<token.end]))
  }

  /// The arguments in the parentheses at `open`, each read.
  mutating func arguments(_ open: Int) -> [SwiftCalls.Argument] {
    let close = closing[open]
    var arguments: [SwiftCalls.Argument] = []
    var position = open + 1
    while position < close {
      var label: String?
      let start = tokens[position].start
      if position + 1 < close, tokens[position + 1].isPunctuation(":"),
        tokens[position].kind == .identifier
      {
        label = tokens[position].text
        position += 2
      }
      let expressionFirst = position
      let stop = run(from: position, to: close, stops: Stops(comma: true))
      let expressionLast = stop - 1
      var argument = SwiftCalls.Argument(
        label: label, start: start,
        expressionStart: expressionFirst < stop ? tokens[expressionFirst].start : start,
        expressionEnd: expressionFirst < stop ? tokens[expressionLast].end : start,
        end: stop < close ? tokens[stop].end : tokens[max(expressionLast, open)].end,
        closure: nil, literal: nil, elements: nil)
      if expressionFirst < stop, tokens[expressionFirst].isPunctuation("{"),
        closing[expressionFirst] == expressionLast
      {
        argument.closure = closureNodeShape(expressionFirst)
      }
      if expressionLast == expressionFirst, tokens[expressionFirst].kind == .string {
        argument.literal = literalNode(expressionFirst)
      }
      if expressionFirst < stop, closing[expressionFirst] == expressionLast {
        argument.elements = arrays[expressionFirst]
      }
      arguments.append(argument)
      position = stop + 1
    }
    return arguments
  }

  /// A closure's shape, without reading its statements (an argument's were read with it); an
  /// unclosed one ends with the file.
  func closureNodeShape(_ open: Int) -> SwiftCalls.Closure {
    let close = min(closing[open], tokens.count - 1)
    let literal =
      close == open + 2 && tokens[open + 1].kind == .string ? literalNode(open + 1) : nil
    return SwiftCalls.Closure(
      label: nil, labelStart: nil, start: tokens[open].start, end: tokens[close].end,
      literal: literal)
  }
}
