// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "swift-snapshots",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "Snapshots", targets: ["Snapshots"]),
    .library(name: "SnapshotsPNG", targets: ["SnapshotsPNG"]),
    .library(name: "SnapshotsJSON", targets: ["SnapshotsJSON"]),
    .library(name: "InlineSnapshots", targets: ["InlineSnapshots"]),
    .library(name: "SnapshotsCustomDump", targets: ["SnapshotsCustomDump"]),
    .library(name: "SnapshotsHTTP", targets: ["SnapshotsHTTP"]),
    .library(name: "SnapshotsCompatibility", targets: ["SnapshotsCompatibility"]),
    .library(name: "SnapshotsStrategyLaws", targets: ["SnapshotsStrategyLaws"]),
    .library(name: "SnapshotsFixtures", targets: ["SnapshotsFixtures"]),
    .library(name: "SnapshotsCommandOutput", targets: ["SnapshotsCommandOutput"]),
    .library(name: "SnapshotsHTML", targets: ["SnapshotsHTML"]),
    .library(name: "SnapshotsBrowser", targets: ["SnapshotsBrowser"]),
    .library(name: "SnapshotTooling", targets: ["SnapshotTooling"]),
    // The plugins build it in the package's own debug build, beside its tests: it reads Swift
    // with its own lexer, so it builds in seconds.
    .executable(name: "snapshots", targets: ["SnapshotsTool"]),
    .plugin(name: "snapshot-record", targets: ["SnapshotRecord"]),
  ],
  dependencies: [
    // The oracle the tool's Swift reader is held to, in this package's own tests only: a
    // dependent never builds it.
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    // Only `SnapshotsCustomDump` uses it.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    // Only `SnapshotsHTTP` uses it: the request and response types servers and clients share.
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    // Pages for `SnapshotsHTML`'s corpus, in this package's own tests only.
    .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
  ],
  targets: [
    .target(name: "SnapshotsPOSIX"),
    .target(name: "Snapshots", dependencies: ["SnapshotsPOSIX"]),
    // For those who write strategies: `assertStrategyLaws`, apart from the default import.
    .target(name: "SnapshotsStrategyLaws", dependencies: ["Snapshots"]),
    // One snapshot per input file: `fixtures(in:matching:)` and `forEachFixture`.
    .target(name: "SnapshotsFixtures", dependencies: ["Snapshots"]),
    // `.output`: a command's exit status and streams, on posix_spawn (swift-subprocess would
    // raise every user's tools version to 6.2).
    .target(name: "SnapshotsCommandOutput", dependencies: ["Snapshots", "SnapshotsPOSIX"]),
    .testTarget(
      name: "SnapshotsCommandOutputTests",
      dependencies: [
        "SnapshotsCommandOutput", "InlineSnapshots", "SnapshotsStrategyLaws", "TestSupport",
        "SnapshotsPOSIX",
      ]),
    // libxml2 (Debian: libxml2-dev): its HTML parser, for `.html` and `.htmlOutline`.
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    .target(name: "SnapshotsHTML", dependencies: ["Snapshots", "CLibXML2"]),
    .testTarget(
      name: "SnapshotsHTMLTests",
      dependencies: [
        "SnapshotsHTML", "InlineSnapshots", "SnapshotsStrategyLaws", "TestSupport",
        // The browser the outline is held to (`Accessibility.getFullAXTree`).
        "SnapshotsBrowser",
        .product(name: "Plot", package: "Plot"),
      ]
    ),
    // `.screenshot`: pages drawn by headless Chromium over the DevTools pipe, started with
    // SnapshotsCommandOutput's process spawning and compared by SnapshotsPNG;
    // `.renderedOutline`: Chromium's accessibility tree in SnapshotsHTML's outline format.
    .target(
      name: "SnapshotsBrowser",
      dependencies: [
        "Snapshots", "SnapshotsPNG", "SnapshotsCommandOutput", "SnapshotsHTML", "SnapshotsPOSIX",
      ]
    ),
    .testTarget(
      name: "SnapshotsBrowserTests",
      dependencies: ["SnapshotsBrowser", "SnapshotsHTML", "TestSupport"]
    ),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "SnapshotsTests",
      // SnapshotTooling reads back the pending runs the assertions leave.
      dependencies: [
        "Snapshots", "SnapshotsCompatibility", "SnapshotsStrategyLaws", "SnapshotsFixtures",
        "SnapshotTooling", "TestSupport",
      ],
      exclude: ["__Snapshots__"]
    ),
    // libpng (Debian: libpng-dev) behind a C shim that catches its longjmp errors.
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .target(name: "CLibPNG", dependencies: ["CPNG"]),
    .target(name: "SnapshotsPNG", dependencies: ["Snapshots", "CLibPNG"]),
    .testTarget(
      name: "SnapshotsPNGTests",
      dependencies: ["SnapshotsPNG", "SnapshotsStrategyLaws", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    // json-c (Debian: libjson-c-dev).
    .systemLibrary(name: "CJSONC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
    .target(name: "SnapshotsJSON", dependencies: ["Snapshots", "CJSONC"]),
    .testTarget(
      name: "SnapshotsJSONTests",
      dependencies: [
        "SnapshotsJSON", "SnapshotsCompatibility", "SnapshotsStrategyLaws", "TestSupport",
      ],
      exclude: ["__Snapshots__"]
    ),
    // Inline snapshots: compared in the test process, rewritten later by the tooling.
    .target(name: "InlineSnapshots", dependencies: ["Snapshots"]),
    .testTarget(
      name: "InlineSnapshotsTests",
      dependencies: ["InlineSnapshots", "SnapshotsCompatibility", "SnapshotTooling", "TestSupport"]
    ),
    // `.customDump`, on pointfreeco/swift-custom-dump.
    .target(
      name: "SnapshotsCustomDump",
      dependencies: ["Snapshots", .product(name: "CustomDump", package: "swift-custom-dump")]
    ),
    // swift-snapshot-testing's deprecated spellings, apart from the default import: a target
    // that uses them imports this (`snapshot-record --migrate` adds it).
    .target(name: "SnapshotsCompatibility", dependencies: ["Snapshots", "InlineSnapshots"]),
    .testTarget(
      name: "SnapshotsCustomDumpTests",
      dependencies: ["SnapshotsCustomDump", "InlineSnapshots", "SnapshotsStrategyLaws"]
    ),
    // zlib (Debian: zlib1g-dev), for compressed HTTP bodies.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // `.http`: requests, responses and exchanges as HTTP/1.1-shaped text, on swift-http-types.
    .target(
      name: "SnapshotsHTTP",
      dependencies: [
        "Snapshots", "SnapshotsJSON", "CZlib",
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    .testTarget(
      name: "SnapshotsHTTPTests",
      dependencies: [
        "SnapshotsHTTP", "InlineSnapshots", "SnapshotsStrategyLaws", "SnapshotTooling",
        "TestSupport",
      ]
    ),
    // The tool's Swift reader: a lexer and the calls and declarations of a file, held to
    // swift-syntax by this package's tests; no dependency, so it builds beside the core.
    .target(name: "SnapshotsSwiftReader"),
    .target(
      name: "SnapshotTooling",
      dependencies: ["Snapshots", "SnapshotsPOSIX", "SnapshotsSwiftReader"]
    ),
    .testTarget(
      name: "SnapshotToolingTests",
      dependencies: [
        "SnapshotTooling", "SnapshotsSwiftReader", "SnapshotsPNG", "SnapshotsCompatibility",
        "TestSupport",
        // The oracle the Swift reader (`SwiftDeclarations`, `SwiftCalls`) is held to.
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .executableTarget(name: "SnapshotsTool", dependencies: ["SnapshotTooling"]),
    // Runs `swift package snapshot-record` on a throwaway package that depends on this one.
    .testTarget(
      name: "SnapshotRecordTests", dependencies: ["Snapshots", "SnapshotsPNG", "TestSupport"]),
    // One command plugin for every verb (record, review, shards, gallery, migration): SwiftPM
    // compiles each plugin of the graph in every dependent's first build.
    .plugin(
      name: "SnapshotRecord",
      capability: .command(
        intent: .custom(
          verb: "snapshot-record",
          description: "Run the tests, then record failing snapshots and rewrite inline ones"),
        permissions: [
          .writeToPackageDirectory(
            reason:
              "Records snapshot files, rewrites inline snapshots in test sources, writes the gallery under .build/snapshots, migrates from swift-snapshot-testing"
          )
        ]
      )
    ),
  ]
)

// Logs and traces (swift-log 1.16's and swift-distributed-tracing 1.7's in-memory capture) and
// Hummingbird declare Swift tools 6.2: with Swift 6.1 the package has none of what needs them,
// since SwiftPM 6.1 resolves a trait's packages even when it is not enabled. From 6.2, a
// dependent that enables none of these traits resolves none of their packages.
#if compiler(>=6.2)
  package.traits = [
    .trait(
      name: "Observability",
      description:
        "SnapshotsObservability: swift-log entries and swift-distributed-tracing spans as snapshots"
    ),
    .trait(
      name: "Hummingbird",
      description: "SnapshotsHummingbird: HummingbirdTesting's requests and responses as exchanges"
    ),
    .trait(
      name: "Vapor",
      description:
        "SnapshotsVapor: VaporTesting's and XCTVapor's requests and responses as exchanges"
    ),
    .default(enabledTraits: []),
  ]
  package.dependencies += [
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
  ]
  // Each empty unless its trait is enabled; a condition names one trait (SwiftPM 6.2.0 reads
  // several as all of them).
  package.products += [
    .library(name: "SnapshotsObservability", targets: ["SnapshotsObservability"]),
    .library(name: "SnapshotsHummingbird", targets: ["SnapshotsHummingbird"]),
    .library(name: "SnapshotsVapor", targets: ["SnapshotsVapor"]),
  ]
  let observability: [Target.Dependency] = [
    ("Logging", "swift-log"), ("InMemoryLogging", "swift-log"),
    ("Tracing", "swift-distributed-tracing"), ("InMemoryTracing", "swift-distributed-tracing"),
  ].map { .product(name: $0, package: $1, condition: .when(traits: ["Observability"])) }
  package.targets += [
    // `.logs`, `.trace` and `RequestDocument`: what a request logged and traced, as text.
    .target(
      name: "SnapshotsObservability",
      dependencies: ["Snapshots", "SnapshotsHTTP"] + observability
    ),
    .testTarget(
      name: "SnapshotsObservabilityTests",
      dependencies: ["SnapshotsObservability", "InlineSnapshots", "SnapshotsStrategyLaws"]
        + observability,
      exclude: ["__Snapshots__"]
    ),
    // `exchange(_:_:)` on the frameworks' test clients, and `HTTPExchange` from their types.
    .target(
      name: "SnapshotsHummingbird",
      dependencies: [
        "SnapshotsHTTP",
        .product(
          name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(
          name: "HummingbirdTesting", package: "hummingbird",
          condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .target(
      name: "SnapshotsVapor",
      dependencies: [
        "SnapshotsHTTP",
        .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
        .product(name: "XCTVapor", package: "vapor", condition: .when(traits: ["Vapor"])),
      ]
    ),
  ]
#endif
