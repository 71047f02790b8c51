// swift-tools-version: 6.1
import PackageDescription

// A Hummingbird application whose every request and response is snapshotted with `.http`
// (one also with what it logged and traced, as a document), and its page with `.html`,
// `.htmlOutline` and `.screenshot` (headless Chromium, from the live server): the toolkit's
// server-side job, end to end.
let package = Package(
  name: "Server",
  platforms: [.macOS(.v14)],
  products: [.library(name: "Server", targets: ["Server"])],
  dependencies: [
    .package(name: "swift-snapshots", path: "../..", traits: ["Hummingbird", "Observability"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
  ],
  targets: [
    .target(
      name: "Server",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
      ]
    ),
    .testTarget(
      name: "ServerTests",
      dependencies: [
        "Server",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "SnapshotsHTTP", package: "swift-snapshots"),
        .product(name: "SnapshotsHTML", package: "swift-snapshots"),
        .product(name: "SnapshotsBrowser", package: "swift-snapshots"),
        .product(name: "InlineSnapshots", package: "swift-snapshots"),
        .product(name: "SnapshotsHummingbird", package: "swift-snapshots"),
        .product(name: "SnapshotsObservability", package: "swift-snapshots"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
