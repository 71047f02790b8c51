import Foundation

/// The `snapshots` command line.
///
/// ```
/// snapshots record --package-directory DIR --test-binary PATH [--filter REGEX] [--dry-run] [--prune]
/// snapshots apply [--package-directory DIR] [--dry-run]
/// ```
public struct CommandOptions: Equatable, Sendable {
  public enum Verb: String, Sendable {
    /// Run the tests, then apply what they left.
    case record
    /// Apply the pending records of the last run, running nothing.
    case apply
  }

  public var verb: Verb
  public var packageDirectory: URL
  public var testBinary: URL?
  public var filter: String?
  public var dryRun = false
  public var prune = false

  public struct UsageError: Error, CustomStringConvertible {
    public var description: String
  }

  public static let usage = """
    usage: snapshots record --package-directory DIR --test-binary PATH [--filter REGEX] [--dry-run] [--prune]
           snapshots apply [--package-directory DIR] [--dry-run]
    """

  public init(parsing arguments: [String], currentDirectory: URL) throws(UsageError) {
    guard let first = arguments.first, let verb = Verb(rawValue: first) else {
      throw UsageError(description: "expected record or apply\n\(CommandOptions.usage)")
    }
    self.verb = verb
    packageDirectory = currentDirectory
    var rest = arguments.dropFirst()[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--dry-run": dryRun = true
      case "--prune": prune = true
      case "--filter": filter = try CommandOptions.value(of: argument, from: &rest)
      case "--package-directory":
        packageDirectory = URL(
          fileURLWithPath: try CommandOptions.value(of: argument, from: &rest), isDirectory: true)
      case "--test-binary":
        testBinary = URL(fileURLWithPath: try CommandOptions.value(of: argument, from: &rest))
      default:
        throw UsageError(description: "unknown argument \(argument)\n\(CommandOptions.usage)")
      }
    }
    if verb == .record && testBinary == nil {
      throw UsageError(description: "record needs --test-binary\n\(CommandOptions.usage)")
    }
    if verb == .apply && (prune || filter != nil) {
      throw UsageError(
        description:
          "--prune and --filter need a test run: use record, or snapshot-record without --apply-only"
      )
    }
  }

  private static func value(of flag: String, from rest: inout ArraySlice<String>)
    throws(UsageError) -> String
  {
    guard let value = rest.popFirst() else {
      throw UsageError(description: "\(flag) needs a value\n\(CommandOptions.usage)")
    }
    return value
  }
}
