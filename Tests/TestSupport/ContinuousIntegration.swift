import Foundation

/// Whether this run is CI's (`CI` set, and not to `0` or `false`): there a test that needs a
/// tool (a browser, Playwright) runs, and fails for want of it, rather than being skipped.
public enum ContinuousIntegration {
  public static var isRunning: Bool {
    let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
    return !["", "0", "false"].contains(value)
  }
}
