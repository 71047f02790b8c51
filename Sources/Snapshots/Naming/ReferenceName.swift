/// A reference's file name: `<test>.<n|name>[.<axis>=<label>_…][.<environment>][.<ext>]`,
/// written and read back here alone.
///
/// ``SnapshotLocation`` spells the names assertions use with it, and the tool's catalog, gallery
/// and `--info` read them back with ``init(fileName:)``, so the format cannot drift between the
/// two. `<test>` holds the suites before it with suite-qualified naming (`Outer.render`) and the
/// arguments of a parameterized test (`totals-currency-EUR`); a companion file (an artifact)
/// adds its role before the extension: `chart.1.difference.png`.
package struct ReferenceName: Equatable, Sendable {
  /// One axis of a variant and its label, as the name holds them (made safe for a file name).
  public struct Axis: Codable, Equatable, Sendable {
    public var axis: String
    public var value: String

    public init(axis: String, value: String) {
      self.axis = axis
      self.value = value
    }
  }

  /// The folder beside a test file in which its references' folders lie
  /// (`__Snapshots__/<TestFile>/<name>`), written here alone: the tool finds references by it.
  public static let folder = "__Snapshots__"

  public var test: String
  public var name: String?
  public var number: Int?
  public var variant: [Axis]?
  /// The ``SnapshotEnvironment`` label: `linux-x86_64`.
  public var environment: String?
  public var pathExtension: String?

  /// A name read back from a file's name.
  public init(fileName: String) {
    var parts = fileName.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    test = parts.removeFirst()
    if parts.count > 1 { pathExtension = parts.removeLast() }
    environment = Self.environment(in: fileName)
    if environment != nil { parts.removeLast() }
    for part in parts {
      if let number = Int(part), self.number == nil, variant == nil {
        self.number = number
      } else if part.contains("="), variant == nil {
        variant = part.split(separator: "_").map { pair in
          let halves = pair.split(separator: "=", maxSplits: 1).map(String.init)
          return Axis(axis: halves[0], value: halves.count > 1 ? halves[1] : "")
        }
      } else {
        name = name.map { $0 + "." + part } ?? part
      }
    }
  }

  /// `<test>.<identifier>[.<environment>]`: the name without its extension, where the
  /// identifier is the snapshot's number, its name, its variant or the name and the variant.
  static func stem(test: String, identifier: String, environment: String?) -> String {
    var stem = test + "." + identifier
    if let environment { stem += "." + environment }
    return stem
  }

  /// The stem with its extension, if it has one.
  static func fileName(stem: String, pathExtension: String?) -> String {
    if let pathExtension { return stem + "." + pathExtension }
    return stem
  }

  /// A companion file's name: the stem, its role and the extension.
  static func companion(stem: String, role: String, pathExtension: String?) -> String {
    fileName(stem: stem + "." + role, pathExtension: pathExtension)
  }

  /// A variant's part of the name, `theme=dark_width=768`: `_` and `=` are the separators, so
  /// neither is left in an axis or a label.
  static func variant(axes: [String], labels: [String]) -> String {
    zip(axes, labels).map { safe($0) + "=" + safe($1) }.joined(separator: "_")
  }

  private static func safe(_ text: String) -> String {
    PathComponent.sanitize(text).replacingOccurrences(of: "_", with: "-")
  }

  /// The environment label in a file's name (`chart.1.linux-x86_64.png` → `linux-x86_64`): the
  /// part before the extension, when it starts with an operating system or an architecture
  /// ``SnapshotEnvironment`` names.
  static func environment(in fileName: String) -> String? {
    let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
    // `<test>.<n|name>.<label>.<ext>`: at least four parts.
    guard parts.count >= 4 else { return nil }
    let candidate = String(parts[parts.count - 2])
    let first = candidate.prefix { $0 != "-" }
    let architectures = SnapshotEnvironment.architectures
    // `x86_64` holds no `-`; `linux-x86_64` starts with its system.
    if SnapshotEnvironment.operatingSystems.contains(String(first))
      || architectures.contains(candidate)
      || architectures.contains(where: { candidate.hasPrefix($0 + "-") })
    {
      return candidate
    }
    return nil
  }
}
