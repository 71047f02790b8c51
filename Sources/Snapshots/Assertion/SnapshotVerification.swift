import Foundation

/// One assertion, in named steps: locate the reference, capture the value, load the reference,
/// compare, record, and return the failure for the caller to report.
///
/// The steps that need no value (locating, claiming, settings) are the ``AssertionSite``'s, which
/// is not generic: in the debug build tests use, each step of a generic type runs through its
/// type's metadata.
struct SnapshotVerification<Value, Format> {
  var strategy: Snapshotting<Value, Format>
  var site: AssertionSite
  var timeout: TimeInterval

  init(
    strategy: Snapshotting<Value, Format>, name: String?,
    record: SnapshotTestingConfiguration.Record?, snapshotDirectory: String?,
    timeout: TimeInterval, filePath: String, testName: String, line: UInt
  ) {
    self.strategy = strategy
    self.timeout = timeout
    site = AssertionSite(
      name: name, record: record, snapshotDirectory: snapshotDirectory, filePath: filePath,
      testName: testName, line: line)
  }

  /// The test context it ran in and the failure, `nil` when the snapshot matches.
  func run(_ value: () throws -> Value) -> (context: TestContext, failure: SnapshotFailure?) {
    let (context, prepared) = site.prepare(pathExtension: strategy.pathExtension)
    let ready: AssertionSite.Ready
    switch prepared {
    case .ready(let found): ready = found
    case .failed(let failure): return (context, failure)
    }
    let actual = captureSnapshot(of: value, as: strategy, timeout: timeout)
    return (context, verify(actual, at: ready.location, settings: ready.settings))
  }

  /// The same for a value computed asynchronously, awaiting the strategy instead of blocking
  /// the test's thread.
  func run(_ value: () async throws -> Value) async -> (
    context: TestContext, failure: SnapshotFailure?
  ) {
    let (context, prepared) = site.prepare(pathExtension: strategy.pathExtension)
    let ready: AssertionSite.Ready
    switch prepared {
    case .ready(let found): ready = found
    case .failed(let failure): return (context, failure)
    }
    let actual = await captureSnapshot(of: value, as: strategy, timeout: timeout)
    return (context, verify(actual, at: ready.location, settings: ready.settings))
  }

  private func verify(
    _ captured: Result<Format, CaptureMessage>, at location: SnapshotLocation,
    settings: SnapshotSettings
  ) -> SnapshotFailure? {
    let actual: Format
    switch captured {
    case .success(let value): actual = value
    case .failure(let message): return SnapshotFailure(message.text)
    }
    let referenceData: Data?
    do {
      referenceData = try location.readReference()
    } catch {
      return SnapshotFailure("Could not read the reference: \(error)")
    }
    let outcome = Outcome(
      referenceData: referenceData, actual: actual, diffing: strategy.diffing)
    if case .matches = outcome { return nil }
    // Encoded only now: a matching snapshot (the usual case) is never written anywhere.
    let data: Data
    do {
      if let referenceData, let replacing = strategy.diffing.toDataReplacing {
        data = try replacing(actual, referenceData)
      } else {
        data = try strategy.diffing.toData(actual)
      }
    } catch {
      return SnapshotFailure("Could not encode the snapshot: \(error)")
    }
    // A reference that could not be read back would fail every later run: never leave one.
    do {
      _ = try strategy.diffing.fromData(data)
    } catch {
      return SnapshotFailure(
        "The snapshot cannot be recorded: its file would not read back (\(error)). Nothing was written."
      )
    }
    return record(outcome, data: data, reference: referenceData, at: location, settings: settings)
  }

  /// The result of comparing the actual snapshot with what is on disk.
  private enum Outcome {
    case missing
    case unreadable(reason: String)
    case matches
    case differs(SnapshotDifference)

    var difference: SnapshotDifference? {
      if case .differs(let difference) = self { return difference }
      return nil
    }

    init(referenceData: Data?, actual: Format, diffing: Diffing<Format>) {
      guard let referenceData else {
        self = .missing
        return
      }
      if let matches = diffing.matchesRecording, matches(actual, referenceData) {
        self = .matches
        return
      }
      let reference: Format
      do {
        reference = try diffing.fromData(referenceData)
      } catch {
        self = .unreadable(reason: "\(error)")
        return
      }
      self = diffing.diff(reference, actual).map(Outcome.differs) ?? .matches
    }
  }

  /// Writes what the record mode asks for and says what happened.
  private func record(
    _ outcome: Outcome, data: Data, reference: Data?, at location: SnapshotLocation,
    settings: SnapshotSettings
  ) -> SnapshotFailure? {
    let recordsFailures = settings.record == .all || settings.record == .failed
    switch outcome {
    case .matches:
      return nil
    case .missing where settings.record != .never, .unreadable where recordsFailures,
      .differs where recordsFailures:
      do {
        try AtomicFile.write(data, to: location.url)
      } catch {
        return SnapshotFailure("Could not record the snapshot: \(error)")
      }
      return SnapshotFailure(
        FailureMessage.recorded(
          outcome: describe(outcome), difference: outcome.difference, path: location.path))
    case .missing, .unreadable, .differs:
      let difference = outcome.difference
      let folder = ArtifactsFolder.directory(
        for: location, testFilePath: site.filePath, configured: settings.artifactsDirectory)
      let written: (actual: URL, artifacts: [URL])
      do {
        written = try ArtifactsFolder.write(
          actual: data, artifacts: difference?.artifacts ?? [], for: location, in: folder)
      } catch {
        return SnapshotFailure(
          "\(describe(outcome)) at \(location.readPath), and the actual value could not be saved: \(error)"
        )
      }
      let pendingError = site.leavePendingRecord(data, at: location)
      let message = FailureMessage.failed(
        outcome: describe(outcome), difference: difference, referencePath: location.readPath,
        artifacts: written, pendingError: pendingError, settings: settings)
      return SnapshotFailure(
        message,
        attachments: SnapshotFailure.attachments(
          reference: reference, actual: data, artifacts: difference?.artifacts ?? [],
          location: location))
    }
  }

  private func describe(_ outcome: Outcome) -> FailureMessage.Kind {
    switch outcome {
    case .missing: return .missing
    case .unreadable(let reason): return .unreadable(reason)
    case .matches, .differs: return .differs
    }
  }
}
