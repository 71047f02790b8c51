/// The declarations: their signatures skipped, their default values, bodies and accessors read.
extension CallReader {
  /// A function, initializer, subscript or macro declaration: its default values and its body
  /// are read, its types skipped.
  mutating func function(_ index: Int, end: Int) -> Int {
    var position = afterName(index, end: end)
    if position < end, tokens[position].isPunctuation(.leftParen) {
      parameters(position)
      position = closing[position] + 1
    }
    return signatureTail(from: position, end: end, accessors: tokens[index].isKeyword(.subscript))
  }

  /// Past a declaration's name and generic clause (`f<T>`, or glued to an operator's name:
  /// `==<T>`): where its parameter clause opens, if it has one.
  func afterName(_ index: Int, end: Int) -> Int {
    var position = index + 1
    let word = tokens[index].keyword
    if word == .func || word == .macro {
      position += 1
    } else if word == .`init`, position < end,
      tokens[position].isOperator("?") || tokens[position].isOperator("!")
    {
      position += 1
    }
    var angles = 0
    if word == .func, gluesGenericClause(position - 1, end: end) {
      angles = 1
    } else if position < end, tokens[position].isOperator,
      tokens[position].text.hasPrefix("<")
    {
      angles = tokens[position].angleChange
      position += 1
    }
    while angles > 0 && position < end {
      angles += tokens[position].angleChange
      position += 1
    }
    return position
  }

  /// Whether the operator named at `index` ends with its generic clause's `<` (`==<T>`), as
  /// for the Swift parser: when a name follows.
  func gluesGenericClause(_ index: Int, end: Int) -> Bool {
    let name = tokens[index]
    return name.isOperator && name.text.count > 1 && name.text.hasSuffix("<")
      && index + 1 < end && tokens[index + 1].kind == .identifier
  }

  /// The full name of the function whose `func` (or initializer or subscript whose keyword) is
  /// at `index`, as `#function` spells it in its body (`dump()`, `pages(n:)`, `==(_:_:)`,
  /// `init(x:)`, `subscript(_:)`, backticks left out: `a b()` for a function named `a b` in
  /// backticks); `nil` when what follows is not a declaration the reader can read (`func` as an
  /// argument label).
  mutating func declaredFunction(at index: Int) -> String? {
    guard index + 1 < tokens.count else { return nil }
    let isSubscript = tokens[index].isKeyword(.subscript)
    var name = isSubscript ? "subscript" : "init"
    if !isSubscript && !tokens[index].isKeyword(.`init`) {
      let nameToken = tokens[index + 1]
      switch nameToken.kind {
      case .identifier:
        guard let unescaped = Self.unescaped(nameToken.text) else { return nil }
        name = unescaped
      case .operator:
        name = nameToken.text
        if gluesGenericClause(index + 1, end: tokens.count) { name.removeLast() }
      default: return nil
      }
    }
    let open = afterName(index, end: tokens.count)
    guard open < tokens.count, tokens[open].isPunctuation(.leftParen),
      closing[open] < tokens.count, tokens[closing[open]].isPunctuation(.rightParen),
      let labels = parameters(open, subscripts: isSubscript)?.map(Self.unescaped),
      !labels.contains(nil)
    else { return nil }
    return name + "(" + labels.map { ($0 ?? "") + ":" }.joined() + ")"
  }

  /// A name without its backticks (`class` for `class` in backticks); `nil` for a backticked name
  /// that does not end with its backtick.
  static func unescaped(_ name: String) -> String? {
    guard name.hasPrefix("`") else { return name }
    guard name.count > 2, name.hasSuffix("`") else { return nil }
    return String(name.dropFirst().dropLast())
  }

  /// Past the generic arguments that open at `index` in a type (`Result<A, B>`, `@Builder<T>`),
  /// where a `<` always opens them.
  func afterTypeGenerics(_ index: Int) -> Int {
    guard index < tokens.count, tokens[index].isOperator, tokens[index].text.hasPrefix("<"),
      tokens[index].angleChange > 0
    else { return index }
    var angles = 0
    var position = index
    while position < tokens.count {
      let token = tokens[position]
      if token.punctuation?.closer != nil {
        position = closing[position] + 1
        continue
      }
      angles += token.angleChange
      position += 1
      if angles <= 0 { return position }
    }
    return index
  }

  /// The first names of the parameters in the clause that opens at `open`; `nil` when a
  /// parameter has no name.
  ///
  /// Its default values are read as expressions. Each parameter ends at a comma outside
  /// brackets, the generic arguments of its type (`Result<A, B>`) and its default value.
  /// A subscript's parameter is labelled only when it has two names (`subscript(row r: Int)`),
  /// else its label is `_`: `subscripts` says so.
  @discardableResult
  mutating func parameters(_ open: Int, subscripts: Bool = false) -> [String]? {
    let close = closing[open]
    var labels: [String]? = []
    var position = open + 1
    while position < close {
      while position < close, tokens[position].isPunctuation(.at) {
        position = attribute(position)
      }
      let named = position < close && tokens[position].kind == .identifier
      let unlabelled =
        subscripts && !(position + 1 < close && tokens[position + 1].kind == .identifier)
      labels = named ? labels.map { $0 + [unlabelled ? "_" : tokens[position].text] } : nil
      while position < close, !tokens[position].isPunctuation(.comma) {
        if tokens[position].isOperator("=") {
          position = run(from: position + 1, to: close, stops: Stops(comma: true))
        } else if tokens[position].punctuation?.closer != nil {
          position = closing[position] + 1
        } else {
          position = max(afterTypeGenerics(position), position + 1)
        }
      }
      position += 1
    }
    return labels
  }

  /// From after a declaration's name to past its body (accessors for a subscript, an enum's
  /// cases); at the end of the declaration when it has none (a protocol's requirement).
  mutating func signatureTail(
    from start: Int, end: Int, accessors: Bool = false, enumBody: Bool = false
  ) -> Int {
    var position = start
    while position < end {
      let token = tokens[position]
      if token.isPunctuation(.leftBrace) {
        if accessors {
          accessorBlock(position)
        } else {
          block((position + 1)..<closing[position], enumBody: enumBody)
        }
        return closing[position] + 1
      }
      if token.isPunctuation(.semicolon) || token.isPunctuation(.rightBrace)
        || token.isOperator("=")
      {
        return position
      }
      if token.lineBreakBefore, !continuesType(at: position) { return position }
      if token.punctuation?.opensList == true {
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
    if (previous.isOperator && !endsType) || previous.isPunctuation(.comma)
      || previous.isPunctuation(.colon) || previous.isPunctuation(.period)
      || previous.isKeyword(.where)
    {
      return true
    }
    if token.isOperator || token.isPunctuation(.period) || token.isPunctuation(.comma)
      || token.isPunctuation(.colon)
    {
      return true
    }
    return token.isAny(of: SwiftKeyword.signatureContinuations)
  }

  /// A `var` or `let`, read past its pattern and type.
  ///
  /// A computed property's or an observed one's accessors are read; the initial value is read
  /// by the caller, as any expression.
  mutating func binding(_ index: Int, end: Int) -> Int {
    var position = index + 1
    guard position < end else { return position }
    if tokens[position].isPunctuation(.leftParen) {
      list(position)
      position = closing[position] + 1
    } else if tokens[position].kind == .identifier {
      position += 1
    }
    guard position < end, tokens[position].isPunctuation(.colon) else { return position }
    position += 1
    var angles = 0
    while position < end {
      let token = tokens[position]
      if angles == 0 {
        if token.isOperator("=") || token.isPunctuation(.comma) || token.isPunctuation(.semicolon)
          || token.isPunctuation(.rightBrace)
        {
          return position
        }
        if token.isPunctuation(.leftBrace) {
          accessorBlock(position)
          return closing[position] + 1
        }
        if token.lineBreakBefore, !continuesType(at: position) { return position }
      }
      if token.punctuation?.opensList == true {
        position = closing[position] + 1
        continue
      }
      angles = max(0, angles + token.angleChange)
      position += 1
    }
    return min(position, end)
  }

  /// A `{ … }` after a property or subscript: a list of accessors (each body read) or the
  /// getter's body.
  mutating func accessorBlock(_ open: Int) {
    let close = closing[open]
    var position = open + 1
    var sawAccessor = false
    while position < close {
      let token = tokens[position]
      if token.isPunctuation(.at) {
        position = attribute(position)
        continue
      }
      guard token.kind == .identifier else { break }
      if token.isAny(of: SwiftKeyword.accessorModifiers) {
        position += 1
        continue
      }
      guard token.isAny(of: SwiftKeyword.accessors) else { break }
      sawAccessor = true
      position += 1
      if position < close, tokens[position].isPunctuation(.leftParen) {
        position = closing[position] + 1
      }
      while position < close, tokens[position].kind == .identifier,
        tokens[position].isAny(of: SwiftKeyword.effects)
      {
        position += 1
        if position < close, tokens[position].isPunctuation(.leftParen) {
          position = closing[position] + 1
        }
      }
      if position < close, tokens[position].isPunctuation(.leftBrace) {
        block((position + 1)..<closing[position])
        position = closing[position] + 1
      }
    }
    if !sawAccessor || position < close { block((open + 1)..<close) }
  }

  /// `@name`, `@name<T>` and its arguments (read as expressions, as swift-syntax does).
  mutating func attribute(_ index: Int) -> Int {
    var position = index + 1
    while position < tokens.count, tokens[position].kind == .identifier {
      position += 1
      guard position + 1 < tokens.count, tokens[position].isPunctuation(.period),
        tokens[position + 1].kind == .identifier
      else { break }
      position += 1
    }
    position = afterTypeGenerics(position)
    if position < tokens.count, tokens[position].isPunctuation(.leftParen),
      !tokens[position].spaceBefore
    {
      list(position)
      position = closing[position] + 1
    }
    return position
  }

  func afterAttributeName(_ index: Int) -> Int {
    var position = index + 1
    if position < tokens.count, tokens[position].kind == .identifier { position += 1 }
    if position < tokens.count, tokens[position].isPunctuation(.leftParen),
      !tokens[position].spaceBefore
    {
      position = closing[position] + 1
    }
    return position
  }
}
