// swift-tools-version: 6.1
import PackageDescription

// A Vapor application whose requests are snapshotted as exchanges (`.http`) and, with what each
// logged and traced, as one document (`SnapshotsObservability`'s `.document`).
let package = Package(
  name: "Library",
  platforms: [.macOS(.v13)],
  products: [.library(name: "Library", targets: ["Library"])],
  dependencies: [
    .package(name: "swift-snapshots", path: "../..", traits: ["Vapor", "Observability"]),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
  ],
  targets: [
    .target(
      name: "Library",
      dependencies: [
        .product(name: "Vapor", package: "vapor"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
      ]
    ),
    .testTarget(
      name: "LibraryTests",
      dependencies: [
        "Library",
        .product(name: "VaporTesting", package: "vapor"),
        .product(name: "XCTVapor", package: "vapor"),
        .product(name: "SnapshotsVapor", package: "swift-snapshots"),
        .product(name: "SnapshotsObservability", package: "swift-snapshots"),
        .product(name: "InlineSnapshots", package: "swift-snapshots"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
