// swift-tools-version: 6.1
import PackageDescription

// Side-by-side benchmarks: each workload runs on swift-snapshots and on swift-snapshot-testing
// 1.19.7 in the same process. Run with `make bench` (release mode).
let package = Package(
  name: "SnapshotBenchmarks",
  dependencies: [
    .package(name: "swift-snapshots", path: "..", traits: ["Observability"]),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    .executableTarget(
      name: "SnapshotBenchmarks",
      dependencies: [
        "LibPNGBaseline",
        "JSONCBaseline",
        .product(name: "Snapshots", package: "swift-snapshots"),
        .product(name: "SnapshotsPNG", package: "swift-snapshots"),
        .product(name: "SnapshotsJSON", package: "swift-snapshots"),
        .product(name: "SnapshotsHTTP", package: "swift-snapshots"),
        .product(name: "SnapshotsHTML", package: "swift-snapshots"),
        .product(name: "SnapshotsBrowser", package: "swift-snapshots"),
        .product(name: "SnapshotTooling", package: "swift-snapshots"),
        .product(name: "SnapshotsObservability", package: "swift-snapshots"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
    .target(name: "LibPNGBaseline", linkerSettings: [.linkedLibrary("png16")]),
    .target(name: "JSONCBaseline", linkerSettings: [.linkedLibrary("json-c")]),
  ]
)
