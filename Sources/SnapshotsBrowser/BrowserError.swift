/// Why the browser could not render a page: said in the failure, with nothing recorded.
struct BrowserError: Error, CustomStringConvertible {
  var description: String
  /// How the browser itself failed, when it did: the next screenshot starts another.
  var loss: Loss?

  enum Loss {
    /// It ended by itself (killed, crashed): worth another try in a new one.
    case ended
    /// It did not answer, or read a command, by the deadline.
    case unanswered
    /// It was taken out of use after a failure that left it in doubt.
    case retired
  }

  init(description: String, loss: Loss? = nil) {
    self.description = description
    self.loss = loss
  }

  /// Chromium's end, with its last words.
  static func ended(_ lastWords: String) -> BrowserError {
    BrowserError(description: "Chromium ended. \(lastWords)", loss: .ended)
  }

  static func unanswered(_ verb: String, _ method: String, _ deadline: BrowserDeadline)
    -> BrowserError
  {
    BrowserError(
      description: "Chromium did not \(verb) \(method) within \(deadline.budget) (the timeout:); "
        + "it is stopped.", loss: .unanswered)
  }
}
