import Foundation

/// `snapshots record`: runs the package's tests, then applies what they left, and lists (or
/// prunes) the references no test used.
public struct RecordVerb: Equatable, Sendable {
  public var packageDirectory: URL
  public var testBinary: URL
  /// Runs only the tests whose names match this regular expression.
  public var filter: String?
  public var dryRun: Bool
  public var quiet: Bool
  public var prune: Bool
  public var gallery: Bool
  public var review: Bool

  init(_ options: ToolOptions, currentDirectory: URL) {
    packageDirectory = options.packageDirectory(currentDirectory: currentDirectory)
    testBinary = URL(fileURLWithPath: options.testBinary ?? "")
    filter = options.filter
    dryRun = options.dryRun
    quiet = options.quiet
    prune = options.prune
    gallery = options.gallery
    review = options.review
  }

  func run(print: @escaping (String) -> Void)
    -> SnapshotsCommand.ExitCode
  {
    RunApplication(
      source: .tests(binary: testBinary), packageDirectory: packageDirectory,
      filterExpression: filter, dryRun: dryRun, quiet: quiet, prune: prune, gallery: gallery,
      review: review, print: print
    ).run()
  }
}
