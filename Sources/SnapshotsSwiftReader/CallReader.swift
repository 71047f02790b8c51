/// Walks a token list as Swift's grammar reads it, recording the calls (``SwiftCalls``).
///
/// ``run(from:to:stops:enumBody:)`` reads a run of statements and expressions and keeps the
/// expression that ends at the last token read, as far as a call suffix cares; a keyword hands
/// over to a statement or a declaration (`CallReader+Statements`, `CallReader+Declarations`),
/// a bracket to the expressions it holds (`CallReader+Expressions`).
struct CallReader {
  typealias Token = SwiftTokens.Token
  let tokens: [Token]
  let bytes: [UInt8]
  /// For each `(`, `[` and `{`, the index of the token that closes it (or the end):
  /// ``SwiftTokens/closing(_:)``.
  let closing: [Int]
  var calls: [SwiftCalls.Call] = []
  /// The elements of each array literal read, by the index of its `[`.
  var arrays: [Int: [SwiftCalls.Element]] = [:]

  init(tokens: [Token], bytes: [UInt8]) {
    self.tokens = tokens
    self.bytes = bytes
    closing = SwiftTokens.closing(tokens)
  }

  /// The expression that ends at the last token read, as far as a call suffix cares.
  struct Postfix {
    var start: Int
    /// The index of the name token, when the expression is a name, a member or a generic
    /// specialisation of one.
    var name: Int?
    var isLiteral = false
    /// A call that ends with trailing closures: a `{` after it starts an expression of its own.
    var endsWithClosure = false

    /// The same expression carried on by a member (`name`) or an optional's `?` or `!` (`nil`).
    mutating func carry(_ name: Int?) {
      (self.name, isLiteral, endsWithClosure) = (name, false, false)
    }
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
      if stops.comma, token.isPunctuation(.comma) { return index }
      if stops.colon, token.isPunctuation(.colon) { return index }
      if stops.condition, index > start, token.lineBreakBefore, current != nil,
        endsCondition(at: index)
      {
        return index
      }
      switch token.kind {
      case .identifier:
        if index > start, current != nil,
          tokens[index - 1].isPunctuation(.period) || tokens[index - 1].isPunctuation(.colon)
        {
          // A member: `x.f`, `.init`, `x.default`, `"s".count`, `x.Swift::f` (the `::` of a
          // module selector is only passed over after a member).
          current?.carry(index)
          index = afterGenerics(index + 1)
          continue
        }
        if let next = keyword(at: index, end: end, enumBody: enumBody, stops: stops) {
          current = nil
          index = next
          continue
        }
        let isLiteral = token.isAny(of: SwiftKeyword.literals)
        current = Postfix(start: token.start, name: isLiteral ? nil : index, isLiteral: isLiteral)
        index = afterGenerics(index + 1)
      case .string, .number, .regex:
        if index > start, tokens[index - 1].isPunctuation(.period), current != nil {
          current?.carry(index)  // `tuple.0`
          index += 1
          continue
        }
        current = Postfix(start: token.start, name: nil, isLiteral: true)
        index += 1
      case .operator:
        if current != nil, token.isPostfixOptional {
          current?.carry(nil)
        } else {
          current = nil
        }
        index += 1
      case .punctuation:
        switch punctuation(at: index, after: start, end: end, stops: stops, current: &current) {
        case .next(let next): index = next
        case .stop(let at): return at
        }
      }
    }
    // A bracket left open in a malformed file closes at the end: never past `end`.
    return min(index, end)
  }

  /// Where ``run(from:to:stops:enumBody:)`` goes after a token: on from an index, or back to
  /// its caller at one.
  enum Step {
    case next(Int)
    case stop(Int)
  }

  /// Reads the punctuation at `index`, in a run that started at `start`: a member's period, a
  /// call or subscript of `current`, a closure or block, an attribute, a `#` directive.
  private mutating func punctuation(
    at index: Int, after start: Int, end: Int, stops: Stops, current: inout Postfix?
  ) -> Step {
    let token = tokens[index]
    switch token.punctuation {
    case .period:
      if current == nil { current = Postfix(start: token.start, name: nil) }
      return .next(index + 1)
    case .leftParen:
      guard let callee = current, !token.lineBreakBefore else {
        list(index)
        current = Postfix(start: token.start, name: nil)
        return .next(closing[index] + 1)
      }
      if isDeclNameArguments(index) { return .next(closing[index] + 1) }
      let next = call(callee, open: index, suffix: index, stops: stops)
      // `call` appended the call last.
      current = Postfix(
        start: callee.start, name: nil, endsWithClosure: calls.last?.trailingClosure != nil)
      return .next(next)
    case .leftBracket:
      list(index)
      guard let callee = current, !token.lineBreakBefore else {
        current = Postfix(start: token.start, name: nil)
        return .next(closing[index] + 1)
      }
      current = Postfix(start: callee.start, name: nil)
      return .next(trailingClosures(after: closing[index], callee: callee, stops: stops).next)
    case .leftBrace:
      if let callee = current, !callee.isLiteral, !callee.endsWithClosure,
        isTrailingClosure(at: index, condition: stops.condition)
      {
        current = Postfix(start: callee.start, name: nil, endsWithClosure: true)
        return .next(call(callee, open: nil, suffix: index, stops: stops))
      }
      if current?.endsWithClosure == true { current = nil }
      // A condition's body, unless an operator before it wants an operand (`x ?? { … }()`).
      if stops.condition, !(current == nil && opensOperand(index)) { return .stop(index) }
      if current != nil {
        // An accessor block after a property's initial value: `= x { didSet … }`.
        accessorBlock(index)
        current = nil
      } else {
        let isBlock = index > start && tokens[index - 1].isAny(of: SwiftKeyword.blockOpeners)
        closure(index)
        current = isBlock ? nil : Postfix(start: token.start, name: nil)
      }
      return .next(closing[index] + 1)
    case .at:
      current = nil
      return .next(attribute(index))
    case .pound:
      let (next, isExpression) = poundDirective(index, end: end, stops: stops)
      current = isExpression ? Postfix(start: token.start, name: nil) : nil
      return .next(next)
    case .colon
    where current != nil && index + 2 < end && tokens[index + 1].isPunctuation(.colon)
      && !tokens[index + 1].spaceBefore && !token.spaceBefore:
      // A module selector: `x.Swift::reduce(…)`.
      return .next(index + 2)
    default:
      current = nil
      return .next(index + 1)
    }
  }

  /// Whether the token before `index` is a binary or prefix operator, after which a `{`
  /// starts a closure that is its operand.
  func opensOperand(_ index: Int) -> Bool {
    guard index > 0, case .operator(let fixity) = tokens[index - 1].kind else { return false }
    return fixity != .postfix
  }

  /// The punctuation that, first on a line, carries a condition on.
  static let continuesCondition: Set<SwiftPunctuation> = [
    .period, .comma, .leftBrace, .colon, .leftParen, .leftBracket,
  ]

  /// Whether a line break before `index` ends a condition that has no body to stop at.
  func endsCondition(at index: Int) -> Bool {
    let token = tokens[index]
    switch token.kind {
    case .operator: return false
    case .punctuation:
      return !(token.punctuation.map(Self.continuesCondition.contains) ?? false)
    case .identifier: return !token.isAny(of: SwiftKeyword.conditionContinuations)
    default: return true
    }
  }
}
