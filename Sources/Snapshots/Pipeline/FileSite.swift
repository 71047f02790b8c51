import Foundation

/// A file snapshot's place: its test file, test and line, its name or variant, its record mode
/// and folder; and the steps of an assertion that are the file's.
///
/// Not generic, like every step that needs no value: in the debug build tests use, each step
/// of a generic type runs through its type's metadata.
struct FileSite {
  var name: String?
  /// A ``Variant``'s part of the file name (``Variant/fileComponent``), after the name.
  var variant: String? = nil
  var record: SnapshotTestingConfiguration.Record?
  var snapshotDirectory: String?
  var filePath: String
  var testName: String
  /// The caller's line, where the failure is reported (and the tool matches it to its record).
  var line: UInt

  /// What the comparison needs: where the reference is and the settings it runs with.
  struct Ready {
    var location: SnapshotLocation
    var settings: SnapshotSettings
    /// The test as a pending record names it: `Suite.test()` when named after its suite.
    var recordedTestName: String
    /// The running test, asked only when a record is left (``TestContext/isTestsOwn(_:)``).
    var context: TestContext
  }

  /// Locates the reference of a strategy with `pathExtension` (and its own choice of
  /// `environment`, which wins over the scope's), resolves the settings and claims the reference
  /// for this test: what the comparison needs, or why it cannot run.
  func prepare(
    in context: TestContext, pathExtension: String?, environment: SnapshotEnvironment?
  ) -> Result<Ready, PreparationFailure> {
    if let problem = WorkspaceRoot.problem(with: filePath) {
      return .failure(PreparationFailure(.invalidSettings, problem.description))
    }
    // The scope is a task-local value: read once for both the name and the settings.
    let scope = SnapshotTestingConfiguration.current
    let parts = environment ?? scope?.environment
    // Looked up only when asked for: most scopes keep swift-snapshot-testing's names.
    let suite = scope?.naming == .suiteQualified ? TestContext.currentSuite() : nil
    let location = SnapshotLocation(
      filePath: filePath, snapshotDirectory: snapshotDirectory, suite: suite,
      testName: context.testName,
      arguments: context.arguments, name: name, variant: variant,
      environment: parts?.label(), pathExtension: pathExtension
    ) { test in SnapshotCounter.shared.next(execution: context.execution, test: test) }
    let settings: SnapshotSettings
    do {
      settings = try SnapshotSettings.resolve(record: record, scope: scope) {
        location.isInsidePackage(ofTestFile: filePath)
      }
    } catch {
      return .failure(PreparationFailure(.invalidSettings, error.description))
    }
    let claimant = ReferenceClaims.Claimant(
      test: context.identity, name: claimedName, stem: location.stem, filePath: filePath,
      line: line)
    if let owner = ReferenceClaims.shared.claim(location.readPath, for: claimant) {
      // For `snapshot-record`: the other side may have left a record, which it must not apply.
      PendingStore.noteConflict(
        reference: location.url.standardizedFileURL.path, testFilePath: filePath)
      return .failure(
        PreparationFailure(
          .nameConflict,
          ReferenceClaims.conflict(
            path: location.readPath, first: owner, second: claimant.description)))
    }
    ReferenceLog.shared.log(use(of: location, in: context), testFilePath: filePath)
    // `if let` rather than `Optional.map`: every assertion runs this, and in a debug build each
    // `map` is a generic call.
    var recordedTestName = testName
    if let suite { recordedTestName = suite + "." + testName }
    return .success(
      Ready(
        location: location, settings: settings, recordedTestName: recordedTestName,
        context: context))
  }

  /// The reference an assertion uses, with its test when it is named after it (not after a
  /// helper, nor by swift-snapshot-testing's older name).
  private func use(of location: SnapshotLocation, in context: TestContext) -> ReferenceUse {
    guard location.readPath == location.path, context.isTestsOwn(testName),
      let test = context.eventName
    else { return ReferenceUse(path: location.readPath) }
    let bounds = location.identifierBounds
    return ReferenceUse(
      path: location.readPath, test: test, before: bounds.before, after: bounds.after)
  }

  /// The name and variant a claim is made under.
  private var claimedName: String? {
    guard let variant else { return name }
    guard let name else { return variant }
    return name + "." + variant
  }

  /// Writes what the record mode asks for, or keeps the actual value for review and for
  /// `snapshot-record`; says which.
  func settle(
    _ mismatch: SnapshotResult.Mismatch, data: Data, reference: Data?, ready: Ready
  ) -> SnapshotResult {
    let (location, settings) = (ready.location, ready.settings)
    let recordsFailures = settings.record == .all || settings.record == .failed
    let records: Bool
    switch mismatch {
    case .missing, .unexpectedReference: records = settings.record != .never
    case .unreadable, .differs: records = recordsFailures
    }
    if records {
      do {
        guard
          try ReferenceClaims.shared.record(
            data, claimed: location.readPath, at: location.url,
            // The bytes read are the file's written unless they are an older name's.
            replacing: location.readPath == location.path ? reference : nil)
        else {
          return .failed(
            .nameConflict,
            "Another assertion resolves to \(location.readPath) (its failure names both); nothing was written."
          )
        }
      } catch {
        return .failed(.notWritten, "Could not record the snapshot: \(error)")
      }
      return .recorded(mismatch, path: location.path)
    }
    let artifacts = mismatch.difference?.artifacts ?? []
    let folder = ArtifactsFolder.directory(
      for: location, testFilePath: filePath, configured: settings.artifactsDirectory)
    let written: (actual: URL, artifacts: [URL])
    do {
      written = try ArtifactsFolder.write(
        actual: data, artifacts: artifacts, for: location, in: folder)
    } catch {
      return .failed(
        .notWritten,
        "\(FailureMessage.headline(mismatch)) at \(location.readPath), and the actual value could not be saved: \(error)"
      )
    }
    return .kept(
      mismatch,
      .file(
        SnapshotResult.KeptFile(
          referencePath: location.readPath, actual: written.actual, artifacts: written.artifacts,
          pendingError: leavePendingRecord(
            data, ready: ready, mismatch: mismatch, artifacts: written.artifacts),
          attachments: FailureAttachment.files(
            reference: reference, actual: data, artifacts: artifacts, location: location))))
  }

  /// Leaves the actual value for `snapshot-record`; why it could not, if it could not (the
  /// failure says so, and `snapshot-record` counts it as not recorded).
  private func leavePendingRecord(
    _ data: Data, ready: Ready, mismatch: SnapshotResult.Mismatch, artifacts: [URL]
  ) -> String? {
    let location = ready.location
    var record = PendingFileRecord(
      referencePath: location.url.standardizedFileURL.path, dataFile: "",
      testName: ready.recordedTestName, sourceFile: filePath, line: Int(line),
      sourceHash: ContentHash.ofFile(atPath: filePath))
    if !ready.context.isTestsOwn(testName) { record.namedByHelper = true }
    // A review diffs text itself; only the strategy can say how other bytes differ.
    if String(data: data, encoding: .utf8) == nil {
      record.summary = mismatch.difference?.message
    }
    record.artifacts = artifacts.isEmpty ? nil : artifacts.map(\.path)
    do {
      try PendingStore.write(.file(record), data: data, testFilePath: filePath)
      return nil
    } catch {
      return "\(error)"
    }
  }
}
