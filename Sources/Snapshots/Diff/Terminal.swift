import Foundation

/// What the terminal running the tests can show.
package enum Terminal {
  /// Colour diffs only when both standard output and standard error are terminals (the test
  /// frameworks print to either, and a redirected one must not receive escape codes) and the
  /// environment allows colour.
  static let showsColor: Bool =
    isatty(STDOUT_FILENO) != 0 && isatty(STDERR_FILENO) != 0 && allowsColor

  /// The colours and weights the toolkit paints with (SGR codes).
  public enum Colour: String, Sendable {
    case bold = "\u{1B}[1m"
    case dim = "\u{1B}[2m"
    case red = "\u{1B}[31m"
    case green = "\u{1B}[32m"
    case yellow = "\u{1B}[33m"
    case cyan = "\u{1B}[36m"
  }

  /// What ends every colour.
  static let reset = "\u{1B}[0m"

  /// `text` in `colour` when `colored`, else as it is.
  public static func paint(_ text: String, _ colour: Colour, if colored: Bool) -> String {
    colored ? colour.rawValue + text + reset : text
  }

  /// Whether the environment allows colour: `NO_COLOR` is unset and `TERM` is not `dumb`.
  public static var allowsColor: Bool {
    let environment = SnapshotSettings.processEnvironment
    return environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
  }
}
