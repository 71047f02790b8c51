import Foundation

/// What the terminal running the tests can show.
enum Terminal {
  /// Colour diffs only when both standard output and standard error are terminals (the test
  /// frameworks print to either, and a redirected one must not receive escape codes), `NO_COLOR`
  /// is unset and `TERM` is not `dumb`.
  static let showsColor: Bool = {
    let environment = SnapshotSettings.processEnvironment
    return isatty(STDOUT_FILENO) != 0 && isatty(STDERR_FILENO) != 0
      && environment["NO_COLOR"] == nil
      && environment["TERM"] != "dumb"
  }()
}
