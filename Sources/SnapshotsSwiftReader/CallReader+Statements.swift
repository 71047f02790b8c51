/// The statements: what each keyword starts, and where a statement ends.
extension CallReader {
  /// Handles the word at `index` when it is a keyword; where reading goes on, or `nil` when the
  /// word is a name.
  mutating func keyword(at index: Int, end: Int, enumBody: Bool, stops: Stops) -> Int? {
    guard let word = tokens[index].keyword else { return nil }
    let next = index + 1 < end ? tokens[index + 1] : nil
    switch word {
    case .func, .subscript, .deinit, .`init`:
      return function(index, end: end)
    case .macro:
      // A contextual keyword: `macro name(…)` or `macro name<T>(…)` declares one.
      guard let next, next.kind == .identifier, index + 2 < end,
        tokens[index + 2].isPunctuation(.leftParen) || tokens[index + 2].text.hasPrefix("<")
      else { return nil }
      return function(index, end: end)
    case .struct, .enum, .protocol, .extension:
      return signatureTail(from: index + 1, end: end, enumBody: word == .enum)
    case .class, .actor:
      // `class func`, `class var`: a modifier; `class Name`: a declaration.
      guard let next, next.kind == .identifier,
        !next.isAny(of: SwiftKeyword.startsDeclaration)
      else {
        return word == .class ? index + 1 : nil
      }
      return signatureTail(from: index + 1, end: end)
    case .var, .let:
      return stops.condition || stops.colon ? index + 1 : binding(index, end: end)
    case .typealias, .associatedtype:
      return statementEnd(from: index + 1, end: end)
    case .import, .operator:
      // One line: `prefix operator /` ends there, though `/` would carry a type on.
      var position = index + 1
      while position < end, !tokens[position].lineBreakBefore,
        !tokens[position].isPunctuation(.semicolon)
      {
        position += 1
      }
      return position
    case .precedencegroup:
      var position = index + 1
      while position < end, !tokens[position].isPunctuation(.leftBrace) { position += 1 }
      return position < end ? closing[position] + 1 : end
    case .case:
      return caseLabel(index, end: end, enumBody: enumBody)
    case .do:
      return doStatement(index, end: end)
    case .if, .guard, .while, .for, .switch, .catch:
      let body = run(from: index + 1, to: end, stops: Stops(condition: true))
      guard body < end, tokens[body].isPunctuation(.leftBrace) else { return body }
      block((body + 1)..<closing[body])
      return closing[body] + 1
    case .get, .set, .willSet, .didSet:
      return nil
    default:
      return modifierOrPrefix(word, at: index, end: end)
    }
  }

  /// A `case`: an enum's, whose associated values' default values are expressions, or a
  /// pattern's, up to its `:`.
  private mutating func caseLabel(_ index: Int, end: Int, enumBody: Bool) -> Int {
    guard enumBody else {
      let stop = run(
        from: index + 1, to: end, stops: Stops(comma: false, colon: true, condition: true))
      return stop < end && tokens[stop].isPunctuation(.colon) ? stop + 1 : stop
    }
    let stop = statementEnd(from: index + 1, end: end)
    var position = index + 1
    while position < stop {
      guard tokens[position].isPunctuation(.leftParen) else {
        position += 1
        continue
      }
      parameters(position)
      position = closing[position] + 1
    }
    return stop
  }

  /// `do { … }`, and `do throws(E) { … }`, whose type is no expression.
  private mutating func doStatement(_ index: Int, end: Int) -> Int {
    var position = index + 1
    if position < end, tokens[position].isKeyword(.throws) {
      position += 1
      if position < end, tokens[position].isPunctuation(.leftParen) {
        position = closing[position] + 1
      }
    }
    guard position < end, tokens[position].isPunctuation(.leftBrace) else { return position }
    block((position + 1)..<closing[position])
    return closing[position] + 1
  }

  /// Any other keyword: a modifier (with its argument, `private(set)`), a word that takes the
  /// expression after it (`unsafe x`), a statement's keyword; `nil` when it is used as a name.
  private func modifierOrPrefix(_ word: SwiftKeyword, at index: Int, end: Int) -> Int? {
    let next = index + 1 < end ? tokens[index + 1] : nil
    if SwiftKeyword.modifiers.contains(word), let next {
      if next.kind == .identifier && next.isAny(of: SwiftKeyword.startsDeclaration) {
        return index + 1
      }
      // `private(set) var`, `nonisolated(unsafe) let`, `unowned(safe)`.
      if next.isPunctuation(.leftParen), index + 3 < end,
        tokens[index + 3].isPunctuation(.rightParen),
        tokens[index + 2].isAny(of: SwiftKeyword.modifierArguments)
      {
        return index + 4
      }
    }
    // `unsafe x`, `borrow x`: words that take the expression after them, unless glued to it
    // as a call (`unsafe(x)`) or a member (`borrow.x`).
    if SwiftKeyword.prefixes.contains(word), let next, next.spaceBefore, !next.lineBreakBefore,
      !next.isOperator || next.text == "&"
    {
      return index + 1
    }
    return SwiftKeyword.statements.contains(word) ? index + 1 : nil
  }

  /// From a statement's second token to the start of the next statement: a line break that the
  /// previous token does not carry on over, a `;` or the end.
  func statementEnd(from start: Int, end: Int) -> Int {
    var position = start
    while position < end {
      let token = tokens[position]
      if token.isPunctuation(.semicolon) || token.isPunctuation(.rightBrace) { return position }
      if token.lineBreakBefore, position > start, !continuesType(at: position) { return position }
      if token.punctuation?.closer != nil {
        position = closing[position] + 1
        continue
      }
      position += 1
    }
    return min(position, end)
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
      if position < end, tokens[position].isPunctuation(.leftParen),
        !tokens[position].lineBreakBefore
      {
        list(position)
        position = closing[position] + 1
      }
      if position < end, tokens[position].isPunctuation(.leftBrace) {
        return (trailingClosures(after: position - 1, callee: callee, stops: stops).next, true)
      }
      return (position, true)
    }
  }
}
