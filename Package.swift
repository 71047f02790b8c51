// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "swift-snapshots",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Snapshots", targets: ["Snapshots"])
  ],
  targets: [
    .target(name: "Snapshots"),
    .testTarget(
      name: "SnapshotsTests",
      dependencies: ["Snapshots"],
      exclude: ["__Snapshots__"]
    ),
  ]
)
