import Foundation

/// The parts of the machine a test runs on that give a reference a file of its own, so that each
/// environment keeps its own reference: `chart.1.linux-x86_64.png` beside
/// `chart.1.macos-arm64.png`.
///
/// ```swift
/// assertSnapshot(of: chart.render(), as: .png.perEnvironment())          // one assertion
/// withSnapshotTesting(environment: .platform) { … }                      // a scope
/// @Suite(.snapshots(environment: [.operatingSystem, .renderer])) struct ChartTests { … }
/// ```
///
/// The label is the chosen parts in this order, joined by `-`: the operating system (`linux`,
/// `macos`, `windows`, …), the architecture (`x86_64`, `arm64`), and the `SNAPSHOTS_RENDERER`
/// value when it is set (a font set, a rasteriser's version; the PNG fingerprint reads it too).
/// It goes between the snapshot's name and its extension. Recording writes this machine's file
/// only; `snapshot-record --prune` never deletes another environment's (its test still exists);
/// the catalog and the gallery say which environment each reference belongs to.
public struct SnapshotEnvironment: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let operatingSystem = SnapshotEnvironment(rawValue: 1 << 0)
  public static let architecture = SnapshotEnvironment(rawValue: 1 << 1)
  /// The `SNAPSHOTS_RENDERER` variable's value; no part when it is not set.
  public static let renderer = SnapshotEnvironment(rawValue: 1 << 2)
  /// The operating system and the architecture: `linux-x86_64`.
  public static let platform: SnapshotEnvironment = [.operatingSystem, .architecture]

  /// The operating system's part of a label.
  static let operatingSystemName: String = {
    #if os(Linux)
      "linux"
    #elseif os(macOS)
      "macos"
    #elseif os(iOS)
      "ios"
    #elseif os(tvOS)
      "tvos"
    #elseif os(watchOS)
      "watchos"
    #elseif os(visionOS)
      "visionos"
    #elseif os(Windows)
      "windows"
    #elseif os(Android)
      "android"
    #elseif os(FreeBSD)
      "freebsd"
    #else
      "os"
    #endif
  }()

  /// The architecture's part of a label.
  static let architectureName: String = {
    #if arch(x86_64)
      "x86_64"
    #elseif arch(arm64)
      "arm64"
    #elseif arch(i386)
      "i386"
    #elseif arch(arm)
      "arm"
    #else
      "arch"
    #endif
  }()

  static let operatingSystems: Set = [
    "linux", "macos", "ios", "tvos", "watchos", "visionos", "windows", "android", "freebsd",
  ]
  static let architectures: Set = ["x86_64", "arm64", "i386", "arm"]

  /// This machine's label for these parts (`linux-x86_64`); `nil` when no part applies.
  func label(environment: [String: String] = SnapshotSettings.processEnvironment) -> String? {
    var parts: [String] = []
    if contains(.operatingSystem) { parts.append(Self.operatingSystemName) }
    if contains(.architecture) { parts.append(Self.architectureName) }
    if contains(.renderer), let renderer = environment["SNAPSHOTS_RENDERER"], !renderer.isEmpty {
      parts.append(PathComponent.sanitize(renderer))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "-")
  }
}
