import Foundation

/// The `snapshots` tool's verbs: what each does, and the code that does it.
public enum ToolVerb: String, CaseIterable, Sendable {
  case record, apply, migrate, info, catalog, gallery, pending, show, sensitivity, stability

  /// Whether it runs the package's tests, which the plugin then builds first.
  var runsTests: Bool { self == .record || self == .sensitivity || self == .stability }

  /// Which verb the plugin runs when its words select several, the lowest first: the more
  /// specific mode wins (`--pending --from D` lists those shards' changes rather than applying
  /// them); `record` runs when none is selected.
  var precedence: Int {
    switch self {
    case .sensitivity: 0
    case .stability: 1
    case .migrate: 2
    case .gallery: 3
    case .info: 4
    case .pending: 5
    case .show: 6
    case .apply: 7
    case .catalog: 8
    case .record: 9
    }
  }

  var abstract: String {
    switch self {
    case .record: "Run the tests, then apply what they left and list orphaned references."
    case .apply:
      "Apply every unapplied run's records (oldest first, newest winning), running nothing."
    case .migrate: "Move a package written for swift-snapshot-testing to this toolkit."
    case .info: "Print where a PNG reference was recorded (its environment fingerprint)."
    case .catalog:
      "Write snapshot-catalog.json: every reference of the package, and what the newest pending run recorded."
    case .gallery:
      "Write the catalog and .build/snapshots/gallery.html: every snapshot, the newest run's failures first, to open in a browser."
    case .pending:
      "List the pending changes with their ids, to show, accept or reject one by one."
    case .show: "Show one pending change: its diff, or the new or old bytes alone."
    case .sensitivity:
      "Run the tests, change each passing snapshot's value as its strategy defines, and tell the changes its comparison lets pass."
    case .stability:
      "Run the tests several times and once under another environment, and tell what varied in each snapshot's value between runs, its kind and the fix."
    }
  }

  /// Its one positional argument: its name, its help and where it goes.
  var argument: (String, String, any WritableKeyPath<ToolOptions, String?> & Sendable)? {
    switch self {
    case .info: ("file", "The reference file.", \.file)
    case .show:
      (
        "id", "The change's id, or a unique prefix of it (snapshots pending lists them).",
        \.changeID
      )
    default: nil
    }
  }

  /// Runs the verb with its options (``ToolOptions/resolved(in:)``).
  func run(_ options: ToolOptions, print: @escaping (String) -> Void) -> SnapshotsCommand.ExitCode {
    switch self {
    case .record:
      let binary = URL(fileURLWithPath: options.required(\.testBinary, "--test-binary"))
      return RunApplication(source: .tests(binary: binary), options: options, print: print).run()
    case .apply:
      let source: RunApplication.Source = options.from.isEmpty ? .store : .shards(options.shards)
      return RunApplication(source: source, options: options, print: print).run()
    case .migrate:
      return PackageMigration(
        packageDirectory: options.package,
        identity: options.toolkitIdentity ?? "swift-snapshots", dryRun: options.dryRun,
        print: print
      ).run()
    case .info:
      return InfoVerb.run(URL(fileURLWithPath: options.required(\.file, "<file>")), print: print)
    case .catalog:
      let file = options.output.map { URL(fileURLWithPath: $0) }
      return CatalogVerb.run(options.package, to: file, print: print)
    case .gallery: return CatalogVerb.gallery(packageDirectory: options.package, print: print)
    case .pending: return PendingVerb.run(options, print: print)
    case .show: return ShowVerb.run(options, print: print)
    case .sensitivity: return SensitivityVerb.run(options, print: print)
    case .stability: return StabilityVerb.run(options, print: print)
    }
  }
}
