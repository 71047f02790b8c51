extension SwiftTokens {
  /// The one bracket table: for each `(`, `[` and `{`, the index of its closer.
  ///
  /// The count of tokens stands for an opener that nothing closes; a closer that does not
  /// match the innermost opener closes nothing.
  package static func closing(_ tokens: [Token]) -> [Int] {
    var closing = Array(repeating: tokens.count, count: tokens.count)
    var open: [Int] = []
    for (index, token) in tokens.enumerated() {
      guard let punctuation = token.punctuation else { continue }
      if punctuation.closer != nil {
        open.append(index)
      } else if punctuation.isCloser, let last = open.last,
        tokens[last].punctuation?.closer == punctuation
      {
        closing[open.removeLast()] = index
      }
    }
    return closing
  }

  /// Whether every `(`, `[` and `{` is closed by its own closer, and no closer is left over.
  package static func bracketsPair(_ tokens: [Token]) -> Bool {
    let closing = closing(tokens)
    var paired = 0
    for (index, token) in tokens.enumerated() {
      guard let punctuation = token.punctuation else { continue }
      if punctuation.closer != nil {
        guard closing[index] < tokens.count else { return false }
        paired += 1
      } else if punctuation.isCloser {
        paired -= 1
      }
    }
    return paired == 0
  }
}
