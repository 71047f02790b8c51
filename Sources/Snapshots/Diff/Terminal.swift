import Foundation

/// What the terminal running the tests can show.
@_spi(Tooling) public enum Terminal {
  /// Colour diffs only when both standard output and standard error are terminals (the test
  /// frameworks print to either, and a redirected one must not receive escape codes) and the
  /// environment allows colour.
  static let showsColor: Bool =
    isatty(STDOUT_FILENO) != 0 && isatty(STDERR_FILENO) != 0 && allowsColor

  /// Whether the environment allows colour: `NO_COLOR` is unset and `TERM` is not `dumb`.
  public static var allowsColor: Bool {
    let environment = SnapshotSettings.processEnvironment
    return environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
  }
}
