/// Why the browser could not render a page: said in the failure, with nothing recorded.
struct BrowserError: Error, CustomStringConvertible {
  var description: String
  /// How the browser itself failed, when it did: the next screenshot starts another.
  var loss: Loss?

  enum Loss {
    /// It, or the page's renderer, ended by itself (killed, crashed): worth another try in a
    /// new one.
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

  /// A page that lost its renderer (it crashed, or was killed).
  ///
  /// Its commands are never answered. Taken as the browser's end, so that a page crashed
  /// between two screenshots costs neither of them.
  static let pageCrashed = BrowserError(
    description: "The page's renderer ended in Chromium (it crashed, or was killed).",
    loss: .ended)

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
