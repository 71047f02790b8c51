// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets over the toolkit's parsers and writers, built by `Scripts/fuzz` with
/// `-sanitize=fuzzer,address`: each is a `LLVMFuzzerTestOneInput` that checks a property and
/// traps when it does not hold.
let package = Package(
  name: "SnapshotsFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-snapshots", path: "../.."),
    // The oracle FuzzSwiftDeclarations and FuzzSourceRewrite hold the Swift reader to.
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(
      name: "FuzzJSON",
      dependencies: ["FuzzSupport", .product(name: "SnapshotsJSON", package: "swift-snapshots")]),
    .executableTarget(
      name: "FuzzHTML",
      dependencies: ["FuzzSupport", .product(name: "SnapshotsHTML", package: "swift-snapshots")]),
    .executableTarget(
      name: "FuzzPNG",
      dependencies: ["FuzzSupport", .product(name: "SnapshotsPNG", package: "swift-snapshots")]),
    .executableTarget(
      name: "FuzzPendingRecord",
      dependencies: ["FuzzSupport", .product(name: "SnapshotTooling", package: "swift-snapshots")]),
    .executableTarget(
      name: "FuzzSourceRewrite",
      dependencies: [
        "FuzzSupport", .product(name: "SnapshotTooling", package: "swift-snapshots"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]),
    .executableTarget(
      name: "FuzzSwiftDeclarations",
      dependencies: [
        "FuzzSupport", .product(name: "SnapshotTooling", package: "swift-snapshots"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ]),
  ]
)
