// swift-tools-version: 6.1
import PackageDescription

// A command-line tool on swift-argument-parser whose help, usage errors and output are
// snapshot-tested the way its users meet them: by running it.
let package = Package(
  name: "Greeter",
  dependencies: [
    .package(name: "swift-snapshots", path: "../.."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    .executableTarget(
      name: "greet",
      dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(
      name: "GreeterTests",
      // Depending on the executable target makes `swift test` build it first.
      dependencies: [
        "greet", .product(name: "SnapshotsCommandOutput", package: "swift-snapshots"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
