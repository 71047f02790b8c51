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

  static let grammar = CommandLineGrammar.Verb(
    name: "record",
    abstract: "Run the tests, then apply what they left and list orphaned references.",
    options: [
      CommonOptions.packageDirectory, CommonOptions.dryRun, CommonOptions.quiet,
      .init(
        name: "test-binary", value: "test-binary",
        help: "The package's test binary (<Package>PackageTests.xctest).", isRequired: true),
      .init(
        name: "filter", value: "filter",
        help: "Run only the tests whose names match this regular expression."),
      .init(
        name: "prune",
        help: "Delete the references whose tests are gone (after a complete run only)."),
      CommonOptions.gallery, CommonOptions.review,
    ])

  init(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) {
    packageDirectory = CommonOptions.packageDirectory(parsed, currentDirectory: currentDirectory)
    testBinary = URL(fileURLWithPath: parsed.value("test-binary") ?? "")
    filter = parsed.value("filter")
    dryRun = parsed.flag("dry-run")
    quiet = parsed.flag("quiet")
    prune = parsed.flag("prune")
    gallery = parsed.flag("gallery")
    review = parsed.flag("review")
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
