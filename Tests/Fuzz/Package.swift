// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets over the toolkit's parsers and writers, built by `Scripts/fuzz` with
/// `-sanitize=fuzzer,address`: each is a `LLVMFuzzerTestOneInput` that checks a property and
/// traps when it does not hold.
let package = Package(
  name: "SnapshotsFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "FuzzJSON", dependencies: [.product(name: "SnapshotsJSON", package: "main")]),
    .executableTarget(
      name: "FuzzPNG", dependencies: [.product(name: "SnapshotsPNG", package: "main")]),
    .executableTarget(
      name: "FuzzPendingRecord", dependencies: [.product(name: "Snapshots", package: "main")]),
    .executableTarget(
      name: "FuzzSourceRewrite",
      dependencies: [.product(name: "SnapshotTooling", package: "main")]),
  ]
)
