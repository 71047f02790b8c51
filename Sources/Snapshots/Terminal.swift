import Foundation

/// What the terminal running the tests can show.
enum Terminal {
  /// Colour diffs only when standard error is a terminal, `NO_COLOR` is unset and `TERM` is not
  /// `dumb`.
  static let showsColor: Bool = {
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDERR_FILENO) != 0 && environment["NO_COLOR"] == nil
      && environment["TERM"] != "dumb"
  }()
}
