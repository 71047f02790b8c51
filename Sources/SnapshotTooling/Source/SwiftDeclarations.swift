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
    let tokens = SwiftTokens.of(source)
    let closing = SwiftTokens.closing(tokens)
    var names: [String: Int] = [:]
    for index in tokens.indices where tokens[index].isKeyword(.func) {
      if let name = declaration(after: index, in: tokens, closing) { names[name, default: 0] += 1 }
    }
    return names
  }

  /// The full name of the function whose `func` is at `index`; `nil` when what follows is not
  /// a declaration (`func` as an argument label).
  private static func declaration(
    after index: Int, in tokens: [SwiftTokens.Token], _ closing: [Int]
  ) -> String? {
    var position = index + 1
    guard position < tokens.count else { return nil }
    let nameToken = tokens[position]
    var name: String
    switch nameToken.kind {
    case .identifier:
      name = nameToken.text
      if name.hasPrefix("`") { name = String(name.dropFirst().dropLast()) }
    case .operator:
      name = nameToken.text
    default:
      return nil
    }
    position += 1
    // An operator glued to its generic clause (`==<T>`, `<<<T>`) is the operator and a `<`,
    // as for the Swift parser: when a name follows.
    var angles = 0
    if nameToken.kind == .operator, name.count > 1, name.hasSuffix("<"),
      position < tokens.count, tokens[position].kind == .identifier
    {
      name.removeLast()
      angles = 1
    } else if position < tokens.count, tokens[position].isOperator("<") {
      angles = 1
      position += 1
    }
    while angles > 0 && position < tokens.count {
      angles += tokens[position].angleChange
      position += 1
    }
    guard position < tokens.count, tokens[position].isPunctuation(.leftParen),
      let labels = parameterLabels(from: position, in: tokens, closing)
    else { return nil }
    return name + "(" + labels.map { $0 + ":" }.joined() + ")"
  }

  /// The first names of the parameters in the clause that opens at `open`.
  ///
  /// A parameter ends at a comma outside brackets and outside generic arguments, in its type
  /// (`Result<A, B>`) or its default value (`InlineArray<n, T>.self`).
  private static func parameterLabels(
    from open: Int, in tokens: [SwiftTokens.Token], _ closing: [Int]
  ) -> [String]? {
    var labels: [String] = []
    var position = open + 1
    let close = closing[open]
    guard close < tokens.count, tokens[close].isPunctuation(.rightParen) else { return nil }
    var startsParameter = true
    while position < close {
      let token = tokens[position]
      position += 1
      if startsParameter {
        if token.isPunctuation(.at) {
          // An attribute (`@ViewBuilder`, `@Builder<T>`, `@Sendable(…)`) before the name.
          position += 1
          if position < tokens.count, tokens[position].isOperator("<"),
            !tokens[position].spaceBefore,
            let end = genericArgumentsEnd(from: position, in: tokens)
          {
            position = end
          }
          if position < tokens.count, tokens[position].isPunctuation(.leftParen),
            !tokens[position].spaceBefore
          {
            position = closing[position] + 1
          }
          continue
        }
        guard token.kind == .identifier else { return nil }
        labels.append(token.text)
        startsParameter = false
        continue
      }
      switch token.kind {
      case .punctuation:
        if token.punctuation?.closer != nil {
          position = closing[position - 1] + 1
        } else if token.isPunctuation(.comma) {
          startsParameter = true
        }
      case .operator:
        if token.text == "<", !token.spaceBefore,
          let end = genericArgumentsEnd(from: position - 1, in: tokens)
        {
          position = end
        }
      default: break
      }
    }
    return labels
  }

  /// The punctuation that may stand in generic arguments.
  private static let inGenericArguments: Set<SwiftPunctuation> = [
    .comma, .period, .colon, .leftParen, .rightParen, .leftBracket, .rightBracket, .at,
  ]

  /// Past the `>` that closes generic arguments opening at `open`, when what follows the `<`
  /// reads as types (names, literals, `.`, `,`, `:`, brackets, `->`, `&`, `?`, `!`, `~`,
  /// `...`) up to it; `nil` when the `<` is a comparison.
  private static func genericArgumentsEnd(from open: Int, in tokens: [SwiftTokens.Token]) -> Int? {
    var angles = 0
    var position = open
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token.kind {
      case .identifier, .literal, .string:
        continue
      case .punctuation:
        guard token.punctuation.map(Self.inGenericArguments.contains) == true else { return nil }
        continue
      case .operator:
        let change = token.angleChange
        if change != 0 {
          angles += change
          if angles <= 0 { return position }
        } else if !["->", "&", "?", "!", "~", "..."].contains(token.text) {
          return nil
        }
      }
    }
    return nil
  }
}
