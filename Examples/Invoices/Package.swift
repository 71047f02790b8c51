// swift-tools-version: 6.1
import PackageDescription

// An app-like package that snapshot-tests its output with swift-snapshots, the way a user would.
let package = Package(
  name: "Invoices",
  products: [.library(name: "Invoices", targets: ["Invoices"])],
  dependencies: [.package(name: "swift-snapshots", path: "../..")],
  targets: [
    .target(name: "Invoices"),
    .testTarget(
      name: "InvoicesTests",
      dependencies: [
        "Invoices",
        .product(name: "Snapshots", package: "swift-snapshots"),
        .product(name: "SnapshotsPNG", package: "swift-snapshots"),
        .product(name: "SnapshotsJSON", package: "swift-snapshots"),
        .product(name: "InlineSnapshots", package: "swift-snapshots"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
