import CLibPNG
import Foundation

/// Where a PNG reference was recorded: operating system and version, CPU architecture, Swift,
/// libpng, and an optional renderer named by `SNAPSHOTS_RENDERER` (a font set, a rasteriser's
/// version).
///
/// References written by this toolkit carry it in `tEXt` chunks; comparison stays on pixels.
/// When an image comparison fails against a reference recorded elsewhere, the failure says so
/// first, since that is the likely cause (`snapshots info FILE` prints it).
public struct RecordingEnvironment: Sendable, Equatable {
  public var operatingSystem: String
  public var architecture: String
  public var swift: String
  public var libpng: String
  public var renderer: String?

  public init(
    operatingSystem: String, architecture: String, swift: String, libpng: String,
    renderer: String? = nil
  ) {
    self.operatingSystem = operatingSystem
    self.architecture = architecture
    self.swift = swift
    self.libpng = libpng
    self.renderer = renderer
  }

  /// This process's.
  public static let current = RecordingEnvironment(
    operatingSystem: currentOperatingSystem(), architecture: currentArchitecture(),
    swift: currentSwift, libpng: String(cString: snapshots_png_version()),
    renderer: ProcessInfo.processInfo.environment["SNAPSHOTS_RENDERER"].flatMap {
      $0.isEmpty ? nil : $0
    })

  /// `Debian GNU/Linux 12 (bookworm) x86_64, Swift 6.3, libpng 1.6.39, renderer …`.
  public var summary: String {
    "\(operatingSystem) \(architecture), Swift \(swift), libpng \(libpng)"
      + (renderer.map { ", renderer \($0)" } ?? "")
  }

  /// Whether pixels rendered here may differ from pixels rendered there: another system,
  /// architecture or renderer (Swift and libpng versions do not change what is drawn).
  public func rendersLike(_ other: RecordingEnvironment) -> Bool {
    operatingSystem == other.operatingSystem && architecture == other.architecture
      && renderer == other.renderer
  }

  // MARK: - Text chunks

  static let keys = (
    operatingSystem: "Snapshots OS", architecture: "Snapshots Architecture",
    swift: "Snapshots Swift", libpng: "Snapshots libpng", renderer: "Snapshots Renderer"
  )

  /// The `tEXt` keyword and text of each field, in a fixed order (Latin-1 text, as PNG asks).
  var textChunks: [(key: String, value: String)] {
    [
      (Self.keys.operatingSystem, operatingSystem), (Self.keys.architecture, architecture),
      (Self.keys.swift, swift), (Self.keys.libpng, libpng),
    ] + (renderer.map { [(Self.keys.renderer, $0)] } ?? [])
  }

  /// The environment a PNG's text chunks name; `nil` when they name none (a PNG written by
  /// another tool).
  public init?(textChunks: [String: String]) {
    guard let system = textChunks[Self.keys.operatingSystem] else { return nil }
    self.init(
      operatingSystem: system, architecture: textChunks[Self.keys.architecture] ?? "?",
      swift: textChunks[Self.keys.swift] ?? "?", libpng: textChunks[Self.keys.libpng] ?? "?",
      renderer: textChunks[Self.keys.renderer])
  }

  // MARK: - This machine

  private static func currentOperatingSystem() -> String {
    #if os(Linux)
      if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
        let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
      {
        return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: ["\""])
      }
      return "Linux"
    #elseif os(macOS)
      let version = ProcessInfo.processInfo.operatingSystemVersion
      return "macOS \(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    #else
      return ProcessInfo.processInfo.operatingSystemVersionString
    #endif
  }

  private static func currentArchitecture() -> String {
    var name = utsname()
    uname(&name)
    return withUnsafeBytes(of: &name.machine) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The compiler's version, to the minor version: Swift has no run-time call for it.
  private static let currentSwift: String = {
    #if compiler(>=6.4)
      return "6.4 or later"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1)
      return "6.1"
    #else
      return "6.0"
    #endif
  }()
}
