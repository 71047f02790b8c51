import Foundation

/// Where and how one assertion was made: its test file, test and line, its name or variant, its
/// record mode and folder; and the steps of the assertion that need no value.
struct AssertionSite {
  var name: String?
  /// A ``Variant``'s part of the file name (``Variant/fileComponent``), after the name.
  var variant: String? = nil
  var record: SnapshotTestingConfiguration.Record?
  var snapshotDirectory: String?
  var filePath: String
  var testName: String
  /// The caller's line, where the failure is reported (and the tool matches it to its record).
  var line: UInt

  struct Ready {
    var location: SnapshotLocation
    var settings: SnapshotSettings
  }

  enum Prepared {
    case ready(Ready)
    case failed(SnapshotFailure)
  }

  /// Locates the reference of a strategy with `pathExtension`, resolves the settings and claims
  /// the reference for this test: what the comparison needs, or why it cannot run.
  func prepare(pathExtension: String?) -> (TestContext, Prepared) {
    let context = TestContext.current(testName: testName)
    let location = locate(in: context, pathExtension: pathExtension)
    let settings: SnapshotSettings
    do {
      settings = try SnapshotSettings.resolve(record: record) {
        location.isInsidePackage(ofTestFile: filePath)
      }
    } catch {
      return (context, .failed(SnapshotFailure(error.description)))
    }
    let claimant = ReferenceClaims.Claimant(
      test: context.identity, name: claimedName, stem: location.stem)
    if let owner = ReferenceClaims.shared.claim(location.readPath, for: claimant) {
      return (
        context,
        .failed(
          SnapshotFailure(
            ReferenceClaims.conflict(
              path: location.readPath, first: owner, second: claimant.description)))
      )
    }
    ReferenceLog.shared.log(location.readPath, testFilePath: filePath)
    return (context, .ready(Ready(location: location, settings: settings)))
  }

  /// The name and variant a claim is made under.
  private var claimedName: String? {
    guard let variant else { return name }
    guard let name else { return variant }
    return name + "." + variant
  }

  private func locate(in context: TestContext, pathExtension: String?) -> SnapshotLocation {
    SnapshotLocation(
      filePath: filePath, snapshotDirectory: snapshotDirectory, testName: context.testName,
      arguments: context.arguments, name: name, variant: variant, pathExtension: pathExtension
    ) { test in SnapshotCounter.shared.next(execution: context.execution, test: test) }
  }

  /// Leaves the actual value for `snapshot-record`; why it could not, if it could not (the
  /// failure says so, and `snapshot-record` counts it as not recorded).
  func leavePendingRecord(_ data: Data, at location: SnapshotLocation) -> String? {
    let record = PendingFileRecord(
      referencePath: location.url.standardizedFileURL.path, dataFile: "", testName: testName,
      sourceFile: filePath, line: Int(line), sourceHash: SourceHash.ofFile(atPath: filePath))
    do {
      try PendingStore.write(.file(record), data: data, testFilePath: filePath)
      return nil
    } catch {
      return "\(error)"
    }
  }
}
