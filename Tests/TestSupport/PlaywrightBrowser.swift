import Foundation

/// Chromium (Debian's) and Playwright for Python, for the tests that drive a page as a user
/// would (`Tests/Browser/*.py`).
public enum Browser {
  public static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  public static var available: Bool {
    guard chromium != nil else { return false }
    return (try? Command("python3", ["-c", "import playwright"], in: URL(fileURLWithPath: "/")))?
      .status == 0
  }

  /// On CI the browser tests run, or fail for want of a browser: never skipped silently.
  public static var required: Bool { ContinuousIntegration.isRunning }
}
