// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "swift-snapshots",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Snapshots", targets: ["Snapshots"]),
    .library(name: "SnapshotsPNG", targets: ["SnapshotsPNG"]),
    .library(name: "SnapshotsJSON", targets: ["SnapshotsJSON"]),
  ],
  targets: [
    .target(name: "Snapshots"),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "SnapshotsTests",
      dependencies: ["Snapshots", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    // libpng (Debian: libpng-dev) behind a C shim that catches its longjmp errors.
    .target(name: "CLibPNG", linkerSettings: [.linkedLibrary("png16")]),
    .target(name: "SnapshotsPNG", dependencies: ["Snapshots", "CLibPNG"]),
    .testTarget(
      name: "SnapshotsPNGTests",
      dependencies: ["SnapshotsPNG", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    // json-c (Debian: libjson-c-dev).
    .systemLibrary(name: "CJSONC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
    .target(name: "SnapshotsJSON", dependencies: ["Snapshots", "CJSONC"]),
    .testTarget(
      name: "SnapshotsJSONTests",
      dependencies: ["SnapshotsJSON", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
  ]
)
