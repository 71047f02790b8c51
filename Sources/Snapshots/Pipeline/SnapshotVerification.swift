import Foundation

/// The one assertion pipeline, for file and inline snapshots alike: prepare the place (locate,
/// resolve settings, claim), capture the value, load the reference, compare, encode, then
/// record or keep; it returns a ``SnapshotResult`` and logs a failure's kind for
/// `snapshot-record`.
///
/// The front ends (`assertSnapshot`, `verifySnapshot`, `assertSnapshots` across variants,
/// `assertInlineSnapshot`, the deprecated spellings) only build a verification and report what
/// it returns.
struct SnapshotVerification<Value, Format> {
  var strategy: Snapshotting<Value, Format>
  var place: Place
  var timeout: TimeInterval

  /// Where the reference comes from, and where a new value goes.
  enum Place {
    case file(FileSite)
    case inline(InlineSite)

    /// The name the test's references are named after.
    var testName: String {
      switch self {
      case .file(let site): return site.testName
      case .inline(let site): return "\(site.function)"
      }
    }

    /// The test source and line of the assertion.
    var source: (filePath: String, line: UInt) {
      switch self {
      case .file(let site): return (site.filePath, site.line)
      case .inline(let site): return (site.sourceFile, site.line)
      }
    }
  }

  init(strategy: Snapshotting<Value, Format>, place: Place, timeout: TimeInterval) {
    self.strategy = strategy
    self.place = place
    self.timeout = timeout
  }

  init(
    strategy: Snapshotting<Value, Format>, name: String?,
    record: SnapshotTestingConfiguration.Record?, snapshotDirectory: String?,
    timeout: TimeInterval, filePath: String, testName: String, line: UInt
  ) {
    self.init(
      strategy: strategy,
      place: .file(
        FileSite(
          name: name, record: record, snapshotDirectory: snapshotDirectory,
          filePath: WorkspaceRoot.path(of: filePath), testName: testName, line: line)),
      timeout: timeout)
  }

  /// How long the assertion waits for the snapshot: its `timeout:`, or no limit of its own for a
  /// strategy that times itself.
  private var limit: TimeInterval? { strategy.timesItself ? nil : timeout }

  /// A file site's, for front ends that adjust it (variants).
  var site: FileSite? {
    get {
      if case .file(let site) = place { return site }
      return nil
    }
    set { if let newValue { place = .file(newValue) } }
  }

  /// Runs the assertion on a value; a `nil` value (inline snapshots only) asserts that there
  /// is no reference.
  func run(_ value: () throws -> Value?) -> Verdict {
    switch start() {
    case .refused(let verdict): return verdict
    case .ready(let context, let prepared):
      let captured: Captured
      do {
        if let evaluated = try value() {
          captured = .init(
            strategy.synchronousSnapshot.map { .success($0(evaluated)) }
              ?? Capture.run(strategy.snapshot(evaluated), timeout: limit))
        } else {
          captured = .nothing
        }
      } catch {
        captured = .failed(Capture.couldNotEvaluate(error))
      }
      return finish(captured, context, prepared)
    }
  }

  /// The same for a value computed asynchronously, awaiting the strategy instead of blocking
  /// the test's thread.
  func run(_ value: () async throws -> Value?) async -> Verdict {
    switch start() {
    case .refused(let verdict): return verdict
    case .ready(let context, let prepared):
      let captured: Captured
      do {
        if let evaluated = try await value() {
          captured = .init(await Capture.value(of: strategy.snapshot(evaluated), timeout: limit))
        } else {
          captured = .nothing
        }
      } catch {
        captured = .failed(Capture.couldNotEvaluate(error))
      }
      return finish(captured, context, prepared)
    }
  }

  /// What the value and its strategy gave: no value (`nil`), a snapshot, or why there is none.
  private enum Captured {
    case nothing
    case snapshot(Format?)
    case failed(String)

    init(_ result: Result<Format, Capture.Failure>) {
      switch result {
      case .success(let format): self = .snapshot(format)
      case .failure(let failure): self = .failed(failure.description)
      }
    }
  }

  private func finish(_ captured: Captured, _ context: TestContext, _ prepared: Prepared)
    -> Verdict
  {
    let result: SnapshotResult
    switch captured {
    case .nothing: result = compare(nil, prepared)
    case .snapshot(let actual): result = checked(actual, prepared)
    case .failed(let message): result = .failed(.captureFailed, message)
    }
    return logged(Verdict(result: result, context: context, settings: prepared.settings))
  }

  /// A place ready for the comparison.
  enum Prepared {
    case file(FileSite, FileSite.Ready)
    case inline(InlineSite, SnapshotSettings)

    var settings: SnapshotSettings {
      switch self {
      case .file(_, let ready): return ready.settings
      case .inline(_, let settings): return settings
      }
    }

    /// The reference file's path, or `inline`, as the tool's checks name it.
    var referencePath: String {
      switch self {
      case .file(_, let ready): return ready.location.readPath
      case .inline: return "inline"
      }
    }

    /// The same place with a copy of the numbers a scope shares, for a trial that must not
    /// number values for the assertions after it.
    var withNumbersCopied: Prepared {
      switch self {
      case .file(let site, var ready):
        ready.settings.sharedNumbers = ready.settings.sharedNumbers?.copy()
        return .file(site, ready)
      case .inline(let site, var settings):
        settings.sharedNumbers = settings.sharedNumbers?.copy()
        return .inline(site, settings)
      }
    }
  }

  /// Where an assertion stands once its place is prepared.
  private enum Start {
    case ready(TestContext, Prepared)
    case refused(Verdict)
  }

  /// Prepares the place in the test that runs: ready for the comparison, or refused.
  private func start() -> Start {
    let context = TestContext.current(testName: place.testName)
    switch place {
    case .file(let site):
      switch site.prepare(
        in: context, pathExtension: strategy.pathExtension, environment: strategy.environment)
      {
      case .success(var ready):
        ready.settings.filters = withStrategyFilters(ready.settings.filters)
        return .ready(context, .file(site, ready))
      case .failure(let failure):
        return .refused(logged(Verdict(result: failure.result, context: context, settings: nil)))
      }
    case .inline(let site):
      switch site.prepare() {
      case .success(var settings):
        settings.filters = withStrategyFilters(settings.filters)
        return .ready(context, .inline(site, settings))
      case .failure(let failure):
        return .refused(logged(Verdict(result: failure.result, context: context, settings: nil)))
      }
    }
  }

  /// The strategy's filters first, then the scopes'; the package folder's only where a package
  /// holds the test, so that the failure message names no filter that did nothing.
  private func withStrategyFilters(_ scoped: [SnapshotFilter]) -> [SnapshotFilter] {
    let filters = strategy.filters.isEmpty ? scoped : strategy.filters + scoped
    guard filters.contains(where: { $0.pattern == .packageDirectory }), packageRoot == nil else {
      return filters
    }
    return filters.filter { $0.pattern != .packageDirectory }
  }

  /// The folder of the package that holds the test's source file, if any.
  var packageRoot: String? {
    PackageRoot.above(URL(fileURLWithPath: place.source.filePath))?.standardizedFileURL.path
  }

  /// What the reference says of a captured value: it matches, the assertion cannot go on, or
  /// how they differ, with the value to keep (filtered, and the patterns the reference's lines
  /// still match kept) and the reference's bytes.
  enum Judgement {
    case matched
    case failed(SnapshotResult)
    case differs(SnapshotResult.Mismatch, keep: Format?, reference: Data?)
  }

  /// The reference's bytes: a file's, or an inline call's text; `nil` when there is none.
  func referenceData(_ prepared: Prepared) -> Result<Data?, PreparationFailure> {
    switch prepared {
    case .file(_, let ready):
      do {
        return .success(try ready.location.readReference())
      } catch {
        return .failure(
          PreparationFailure(.referenceNotRead, "Could not read the reference: \(error)"))
      }
    case .inline(let site, _):
      return .success(site.reference.map { Data($0.utf8) })
    }
  }

  /// Filters a text snapshot, then compares it with the reference's bytes; writes nothing.
  func judge(_ captured: Format?, _ prepared: Prepared, reference referenceData: Data?)
    -> Judgement
  {
    var actual = captured
    var placeholders: [Range<Int>] = []
    let filters = prepared.settings.filters
    if !filters.isEmpty, let text = Self.text(actual) {
      do {
        let filtered = try SnapshotFilter.filtered(
          filters, text, packageRoot: packageRoot, numbers: prepared.settings.sharedNumbers)
        (actual, placeholders) = (Self.format(filtered.text), filtered.placeholders)
      } catch {
        return .failed(.failed(.invalidSettings, error.description))
      }
    }
    // What recording writes: a text's pattern syntax in its literal form, the patterns of the
    // reference whose lines still match kept as written.
    func recorded(over reference: String?) -> Format? {
      guard let text = Self.text(actual) else { return actual }
      return Self.format(
        ReferencePatterns(filters: filters).kept(
          reference: reference, actual: text, placeholders: placeholders))
    }
    let mismatch: SnapshotResult.Mismatch
    if let referenceData, let captured = actual {
      if let matches = strategy.diffing.matchesRecording, matches(captured, referenceData) {
        return .matched
      }
      // A text stored as its UTF-8 (`matchesRecording`) is matched in its file's bytes, before
      // it is decoded.
      if strategy.diffing.matchesRecording != nil, let text = Self.text(captured),
        ReferencePatterns(filters: filters).passes(referenceData, text) == true
      {
        return .matched
      }
      do {
        let reference = try strategy.diffing.fromData(referenceData)
        var renumbered: [PlaceholderRenumbering] = []
        if let text = Self.text(reference) {
          actual = recorded(over: text)
          if let kept = Self.text(actual) {
            if kept == text { return .matched }
            renumbered = PlaceholderRenumbering.between(
              reference: text, actual: kept, filters: filters)
          }
        }
        guard let difference = strategy.diffing.diff(reference, actual ?? captured) else {
          return .matched
        }
        mismatch = .differs(difference, renumbered: renumbered)
      } catch {
        mismatch = .unreadable("\(error)")
        actual = recorded(over: nil)
      }
    } else if referenceData != nil {
      mismatch = .unexpectedReference
    } else if actual != nil {
      mismatch = .missing
      actual = recorded(over: nil)
    } else {
      return .matched
    }
    return .differs(mismatch, keep: actual, reference: referenceData)
  }

  /// Judges a captured value, then encodes the value to keep, and records or keeps it.
  func compare(_ captured: Format?, _ prepared: Prepared) -> SnapshotResult {
    let read: Data?
    switch referenceData(prepared) {
    case .success(let data): read = data
    case .failure(let failure): return failure.result
    }
    let (mismatch, actual, referenceData): (SnapshotResult.Mismatch, Format?, Data?)
    switch judge(captured, prepared, reference: read) {
    case .matched: return noted(read, of: captured, prepared, matched: true) ?? .matched
    case .failed(let result): return result
    case .differs(let found, let keep, let reference):
      (mismatch, actual, referenceData) = (found, keep, reference)
    }
    // Encoded only now: a matching snapshot (the usual case) is never written anywhere.
    var data: Data?
    if let actual {
      do {
        if let referenceData, let replacing = strategy.diffing.toDataReplacing {
          data = try replacing(actual, referenceData)
        } else {
          data = try strategy.diffing.toData(actual)
        }
      } catch {
        return .failed(.captureFailed, "Could not encode the snapshot: \(error)")
      }
      // A reference that could not be read back would fail every later run: never leave one.
      do {
        _ = try strategy.diffing.fromData(data ?? Data())
      } catch {
        return .failed(
          .wouldNotReadBack,
          "The snapshot cannot be recorded: its file would not read back (\(error)). Nothing was written."
        )
      }
    }
    if let failure = noted(data, of: captured, prepared) { return failure }
    switch prepared {
    case .file(let site, let ready):
      return site.settle(mismatch, data: data ?? Data(), reference: referenceData, ready: ready)
    case .inline(let site, _):
      return .kept(mismatch, .inline(site.settle(data)))
    }
  }

  /// A verdict that refuses the assertion before it runs, for a front end's own check (a
  /// variant matrix), logged like every other.
  func refused(_ kind: SnapshotFailureKind, _ message: String) -> Verdict {
    logged(
      Verdict(
        result: .failed(kind, message), context: TestContext.current(testName: place.testName),
        settings: nil))
  }

  /// Tells `snapshot-record` the kind of a failure, where it asked to be told, with the first
  /// line of its message: other assertions may fail at the same line (a helper forwards its
  /// caller's `file:` and `line:`), and the tool pairs each logged failure with its own report.
  private func logged(_ verdict: Verdict) -> Verdict {
    if FailureLog.isActive, let kind = verdict.result.failureKind {
      let (file, line) = place.source
      FailureLog.append(
        .init(
          kind: kind, file: file, line: Int(line),
          message: verdict.message.map {
            String(FailureReporter.shown($0).prefix { !$0.isNewline })
          }))
    }
    return verdict
  }
}

extension SnapshotVerification {
  /// A value of the strategy's format as text, when the format is text (`nil` otherwise): the
  /// one place the pipeline tells text from other formats, since filters, reference patterns,
  /// placeholders and the sensitivity check's lines apply to text alone.
  static func text(_ value: Format?) -> String? { value.flatMap { $0 as? String } }

  /// Text as a value of the strategy's format, when the format is text.
  static func format(_ text: String) -> Format? { text as? Format }

  /// ``format(_:)`` of a change's value, keeping its name and why it would pass.
  static func format(_ change: SnapshotChange<String>) -> SnapshotChange<Format>? {
    format(change.value).map { SnapshotChange(change.name, $0, ifUncaught: change.ifUncaught) }
  }
}
