/// The expressions: generic arguments, lists, closures and calls with their arguments and
/// trailing closures.
extension CallReader {
  /// The punctuation that may stand between generic arguments, or in a closure's signature.
  static let inGenerics: Set<SwiftPunctuation> = [.comma, .period, .colon, .at]
  /// The punctuation, besides closers and `(` or `[` on the same line, that may follow a
  /// generic argument clause (swift-syntax's disambiguating tokens).
  static let afterGenerics: Set<SwiftPunctuation> = [
    .leftBrace, .period, .comma, .semicolon, .colon,
  ]
  /// The punctuation after a condition's `{ … }` that makes it a trailing closure.
  static let continuesAfterClosure: Set<SwiftPunctuation> = [
    .period, .leftParen, .leftBracket, .colon,
  ]

  /// Past the generic arguments glued to the name before `index`, when they read as such.
  func afterGenerics(_ index: Int) -> Int {
    guard index < tokens.count, tokens[index].isOperator, tokens[index].text.hasPrefix("<"),
      tokens[index].text != "<>", tokens[index].angleChange > 0
    else { return index }
    var angles = 0
    var position = index
    while position < tokens.count {
      let token = tokens[position]
      switch token.kind {
      case .identifier, .number, .regex:
        position += 1
        continue
      case .string:
        return index
      case .punctuation:
        if token.punctuation?.opensList == true {
          position = closing[position] + 1
          continue
        }
        guard token.punctuation.map(Self.inGenerics.contains) == true else { return index }
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
      guard let punctuation = token.punctuation else { return false }
      if punctuation.opensList { return !token.lineBreakBefore }
      return punctuation.isCloser || Self.afterGenerics.contains(punctuation)
    case .operator:
      return token.text == "&" || token.isPostfixOptional
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
      guard tokens[position].kind == .identifier, !tokens[position].isKeyword(.inout),
        position + 1 < close || position + 1 == close,
        position + 1 < tokens.count, tokens[position + 1].isPunctuation(.colon)
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
      while stop < close, tokens[stop].isPunctuation(.colon),
        tokens[position..<stop].contains(where: { $0.kind == .operator(.binary) && $0.text == "?" })
      {
        stop = run(from: stop + 1, to: close, stops: Stops(comma: true, colon: true))
      }
      if stop < close, tokens[stop].isPunctuation(.colon) {
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
    if tokens[open].isPunctuation(.leftBracket), !isDictionary,
      !(close == open + 2 && tokens[open + 1].isPunctuation(.colon))
    {
      arrays[open] = elements
    }
  }

  /// A closure or a block: its signature's capture list and its statements.
  mutating func closure(_ open: Int) {
    let close = closing[open]
    var body = open + 1
    if let inIndex = signatureEnd(open) {
      if tokens[open + 1].isPunctuation(.leftBracket) { list(open + 1) }
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
        if token.isKeyword(.in) { return position }
        if token.isAny(of: SwiftKeyword.statements),
          !token.isAny(of: SwiftKeyword.inClosureSignatures)
        {
          return nil
        }
      case .punctuation:
        if token.punctuation?.opensList == true {
          position = closing[position] + 1
          continue
        }
        guard token.punctuation.map(Self.inGenerics.contains) == true else { return nil }
      case .operator:
        guard token.angleChange != 0 || ["->", "?", "!", "&", "...", "~"].contains(token.text)
        else { return nil }
      case .string, .number, .regex:
        return nil
      }
      position += 1
    }
    return nil
  }

  /// Whether the `{` at `index`, after an expression, opens a trailing closure.
  func isTrailingClosure(at index: Int, condition: Bool) -> Bool {
    let next = index + 1 < tokens.count ? tokens[index + 1] : nil
    if let next, next.isKeyword(.case) { return false }
    if let next, next.isAny(of: SwiftKeyword.observers) {
      return false
    }
    if let next, next.isPunctuation(.at) {
      var position = index + 1
      while position < tokens.count, tokens[position].isPunctuation(.at) {
        position = afterAttributeName(position)
      }
      if position < tokens.count, tokens[position].kind == .identifier,
        tokens[position].isAny(of: SwiftKeyword.accessors)
      {
        return false
      }
    }
    guard condition else { return true }
    guard let next, !next.lineBreakBefore else { return false }
    let close = closing[index]
    guard close < tokens.count, tokens[close].isPunctuation(.rightBrace) else { return false }
    guard close + 1 < tokens.count else { return false }
    let after = tokens[close + 1]
    if after.isPunctuation(.leftBrace) || after.isPunctuation(.comma) || after.isKeyword(.where) {
      return true
    }
    let continues =
      after.isOperator
      || after.punctuation.map(Self.continuesAfterClosure.contains) == true
      || after.isKeyword(.is) || after.isKeyword(.as)
    return continues && !after.lineBreakBefore
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
    guard position < tokens.count, tokens[position].isPunctuation(.leftBrace),
      isTrailingClosure(at: position, condition: stops.condition)
    else { return ([], position) }
    closures.append(closureNode(position, label: nil))
    position = closing[position] + 1
    while position + 2 < tokens.count, tokens[position].kind == .identifier,
      !tokens[position].isKeyword(.default), tokens[position + 1].isPunctuation(.colon),
      tokens[position + 2].isPunctuation(.leftBrace)
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
      if position + 1 < close, tokens[position + 1].isPunctuation(.colon),
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
      if expressionFirst < stop, tokens[expressionFirst].isPunctuation(.leftBrace),
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
