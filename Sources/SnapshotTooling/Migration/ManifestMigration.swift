import SnapshotsSwiftReader

/// Rewrites a `Package.swift` from swift-snapshot-testing's products to this toolkit's.
///
/// `.product(name: "SnapshotTesting", package: "swift-snapshot-testing")` becomes
/// `.product(name: "Snapshots", package: "<identity>")` (likewise `InlineSnapshotTesting` →
/// `InlineSnapshots`, `SnapshotTestingCustomDump` → `SnapshotsCustomDump`, and the bare
/// `"SnapshotTesting"`), targets that use `.json` get `SnapshotsJSON`, those that use deprecated
/// spellings `SnapshotsCompatibility`, and the
/// `.package(…swift-snapshot-testing…)` dependency goes once nothing names it. A manifest that
/// names a product without a counterpart here is not edited at all: the lines to change are
/// said instead.
struct ManifestMigration {
  static let theirs = "swift-snapshot-testing"
  /// The products a target may need beside the migrated ones, in the order they are added.
  static let addedProducts = [
    (name: "SnapshotsJSON", why: "it uses .json"),
    (name: "SnapshotsCompatibility", why: "it uses swift-snapshot-testing's deprecated spellings"),
    (name: "InlineSnapshots", why: "its sources import it"),
    (name: "SnapshotsCustomDump", why: "its sources import it"),
  ]
  /// The modules each of this toolkit's products brings along: a target whose sources import
  /// one of them needs no product of its own for it.
  static let brings: [String: Set<String>] = [
    "Snapshots": ["Snapshots"], "InlineSnapshots": ["InlineSnapshots", "Snapshots"],
    "SnapshotsCustomDump": ["SnapshotsCustomDump", "Snapshots"],
    "SnapshotsJSON": ["SnapshotsJSON", "Snapshots"],
    "SnapshotsCompatibility": ["SnapshotsCompatibility", "InlineSnapshots", "Snapshots"],
  ]

  enum Outcome: Equatable {
    case rewritten(String, changes: [String])
    case unchanged
    /// Left as it is; what a person should change, `line N: …`.
    case refused([String])
  }

  /// - Parameters:
  ///   - identity: this toolkit's package identity in the manifest (`swift-snapshots`).
  ///   - additions: the products each target's sources need beside the migrated ones
  ///     (`SnapshotsJSON` for `.json`, ``addedProducts``).
  static func migrate(_ source: String, identity: String, additions: [String: Set<String>])
    -> Outcome
  {
    let bytes = Array(source.utf8)
    let lines = LineTable(bytes)
    func line(_ offset: Int) -> Int { lines.location(of: offset).line }
    let manifest = Calls(SwiftCalls.calls(in: bytes).filter { $0.nameStart != $0.start })
    var refusals: [String] = []
    var edits: [TextEdit] = []
    var changes: [String] = []
    for (range, name) in manifest.products {
      guard let ours = ImportMigration.modules[name] else {
        refusals.append(
          "line \(line(range.lowerBound)): product \(name) has no counterpart in this toolkit yet")
        continue
      }
      edits.append(
        TextEdit(range: range, text: ".product(name: \"\(ours)\", package: \"\(identity)\")"))
      changes.append("line \(line(range.lowerBound)): \(name) → \(ours)")
    }
    guard refusals.isEmpty else { return .refused(refusals) }
    for (target, list) in manifest.targetDependencies {
      let products = added(to: list, of: target, additions: additions, manifest: manifest, bytes)
      guard !products.isEmpty, let last = list.elements?.last else { continue }
      edits.append(appending(products, after: last, in: list, identity: identity, bytes))
      for product in products {
        changes.append("line \(line(last.start)): \(target) gets \(product.name) (\(product.why))")
      }
    }
    if let dependency = manifest.theirPackage, let range = elementRange(of: dependency, in: bytes) {
      edits.append(TextEdit(range: range, text: ""))
      changes.append("line \(line(dependency.start)): the \(theirs) dependency removed")
    }
    guard !edits.isEmpty else { return .unchanged }
    guard let text = TextEdit.apply(edits, to: bytes) else {
      return .refused(["two edits of the manifest overlap; change it by hand:"] + changes)
    }
    // Read back: its brackets still pair, and nothing names their package any more.
    guard SwiftCalls.bracketsPair(in: text), !text.contains("\"\(theirs)\""),
      !text.contains("/\(theirs)")
    else {
      return .refused(["the edited manifest would not be right; change it by hand:"] + changes)
    }
    return .rewritten(text, changes: changes)
  }

  /// What a manifest's calls say of swift-snapshot-testing.
  private struct Calls {
    /// `.product(…, package: "swift-snapshot-testing")`, and bare `"SnapshotTesting"` strings
    /// in a target's dependencies, with the product's name.
    var products: [(range: Range<Int>, name: String)] = []
    /// Each target's dependencies list.
    var targetDependencies: [(name: String, list: SwiftCalls.Argument)] = []
    /// The `.package(…)` that depends on it.
    var theirPackage: SwiftCalls.Call?

    init(_ calls: [SwiftCalls.Call]) {
      for call in calls {
        let arguments = Dictionary(
          call.arguments.compactMap { argument in argument.label.map { ($0, argument) } },
          uniquingKeysWith: { first, _ in first })
        switch call.name {
        case "product":
          if arguments["package"]?.literal?.value == theirs,
            let name = arguments["name"]?.literal?.value
          {
            products.append((call.start..<call.end, name))
          }
        case "package":
          let location =
            arguments["url"]?.literal?.value ?? arguments["path"]?.literal?.value ?? ""
          if location.hasSuffix(theirs) || location.hasSuffix(theirs + ".git") {
            theirPackage = call
          }
        case "target", "testTarget", "executableTarget":
          if let name = arguments["name"]?.literal?.value, let list = arguments["dependencies"],
            let elements = list.elements
          {
            targetDependencies.append((name, list))
            for element in elements {
              if let bare = element.literal, let value = bare.value,
                ImportMigration.modules[value] != nil
              {
                products.append((bare.start..<bare.end, value))
              }
            }
          }
        default: break
        }
      }
    }
  }

  /// The products `target`'s dependencies `list` needs added: those its sources need
  /// (`additions`) that nothing it holds once migrated brings along.
  private static func added(
    to list: SwiftCalls.Argument, of target: String, additions: [String: Set<String>],
    manifest: Calls, _ bytes: [UInt8]
  ) -> [(name: String, why: String)] {
    let text = String(decoding: bytes[list.expressionStart..<list.expressionEnd], as: UTF8.self)
    var held = Set(brings.keys.filter { text.contains("\"\($0)\"") })
    for (range, name) in manifest.products
    where list.expressionStart <= range.lowerBound && range.upperBound <= list.expressionEnd {
      if let ours = ImportMigration.modules[name] { held.insert(ours) }
    }
    var brought = Set(held.flatMap { brings[$0] ?? [] })
    return addedProducts.filter { product in
      guard additions[target]?.contains(product.name) == true, !brought.contains(product.name)
      else { return false }
      brought.formUnion(brings[product.name] ?? [])
      return true
    }
  }

  /// The edit that appends `products` after `last`, the last element of `list`, written as the
  /// list is: one a line with its trailing commas, or on the line.
  private static func appending(
    _ products: [(name: String, why: String)], after last: SwiftCalls.Element,
    in list: SwiftCalls.Argument, identity: String, _ bytes: [UInt8]
  ) -> TextEdit {
    let added = products.map { ".product(name: \"\($0.name)\", package: \"\(identity)\")" }
    let hasComma = last.end != last.expressionEnd
    guard let indent = lineIndent(before: last.start, after: list.expressionStart, in: bytes) else {
      return TextEdit(
        range: last.end..<last.end, text: (hasComma ? " " : ", ") + added.joined(separator: ", "))
    }
    let lines = added.map { "\n" + indent + $0 }
    return TextEdit(
      range: last.end..<last.end,
      text: (hasComma ? "" : ",") + lines.joined(separator: ",") + (hasComma ? "," : ""))
  }

  /// The white space that starts the line of `offset`, when that line starts after `start`
  /// with nothing before `offset`: the indentation of an element written on a line of its own.
  private static func lineIndent(before offset: Int, after start: Int, in bytes: [UInt8])
    -> String?
  {
    var position = offset
    while position > start, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[position - 1]) {
      position -= 1
    }
    guard position > start, bytes[position - 1] == UInt8(ascii: "\n") else { return nil }
    return String(decoding: bytes[position..<offset], as: UTF8.self)
  }

  /// The call as an element of the dependencies list: from the end of the line or element
  /// before it, past its comma and what follows on its line.
  private static func elementRange(of call: SwiftCalls.Call, in bytes: [UInt8]) -> Range<Int>? {
    var start = call.start
    while start > 0, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[start - 1]) {
      start -= 1
    }
    if start > 0, bytes[start - 1] == UInt8(ascii: "\n") {
      start -= 1
      if start > 0, bytes[start - 1] == UInt8(ascii: "\r") { start -= 1 }
    }
    var end = call.end
    while end < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[end]) {
      end += 1
    }
    guard end < bytes.count, [UInt8(ascii: ","), UInt8(ascii: "]")].contains(bytes[end]) else {
      return nil
    }
    if bytes[end] == UInt8(ascii: ",") { end += 1 }
    return start..<end
  }
}
