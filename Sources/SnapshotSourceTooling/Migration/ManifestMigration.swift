import SwiftParser
import SwiftSyntax

/// Rewrites a `Package.swift` from swift-snapshot-testing's products to this toolkit's.
///
/// `.product(name: "SnapshotTesting", package: "swift-snapshot-testing")` becomes
/// `.product(name: "Snapshots", package: "<identity>")` (likewise `InlineSnapshotTesting` →
/// `InlineSnapshots`, `SnapshotTestingCustomDump` → `SnapshotsCustomDump`, and the bare
/// `"SnapshotTesting"`), targets that use `.json` get `SnapshotsJSON`, and the
/// `.package(…swift-snapshot-testing…)` dependency goes once nothing names it. A manifest that names a product without a counterpart here is not edited
/// at all: the lines to change are said instead.
struct ManifestMigration {
  static let theirs = "swift-snapshot-testing"

  enum Outcome: Equatable {
    case rewritten(String, changes: [String])
    case unchanged
    /// Left as it is; what a person should change, `line N: …`.
    case refused([String])
  }

  /// - Parameters:
  ///   - identity: this toolkit's package identity in the manifest (`swift-snapshots`).
  ///   - jsonTargets: the targets whose sources use `.json`.
  static func migrate(_ source: String, identity: String, jsonTargets: Set<String>) -> Outcome {
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: "Package.swift", tree: tree)
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(tree)
    func line(_ node: some SyntaxProtocol) -> Int {
      converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }
    var refusals: [String] = []
    var edits: [TextEdit] = []
    var changes: [String] = []
    for (node, name) in finder.products {
      guard let ours = ImportMigration.modules[name] else {
        refusals.append(
          "line \(line(node)): product \(name) has no counterpart in this toolkit yet")
        continue
      }
      edits.append(
        TextEdit(
          range: range(of: node), text: ".product(name: \"\(ours)\", package: \"\(identity)\")"))
      changes.append("line \(line(node)): \(name) → \(ours)")
    }
    guard refusals.isEmpty else { return .refused(refusals) }
    for (target, dependencies) in finder.targetDependencies where jsonTargets.contains(target) {
      guard !dependencies.description.contains("\"SnapshotsJSON\""), let last = dependencies.last
      else { continue }
      let separator = last.trailingComma == nil ? ", " : " "
      let end = last.endPositionBeforeTrailingTrivia.utf8Offset
      edits.append(
        TextEdit(
          range: end..<end,
          text: separator + ".product(name: \"SnapshotsJSON\", package: \"\(identity)\")"))
      changes.append("line \(line(last)): \(target) gets SnapshotsJSON (it uses .json)")
    }
    if let dependency = finder.theirPackage {
      edits.append(
        TextEdit(
          range: dependency.position.utf8Offset..<dependency.endPosition.utf8Offset, text: ""))
      changes.append("line \(line(dependency)): the \(theirs) dependency removed")
    }
    guard !edits.isEmpty else { return .unchanged }
    let text = TextEdit.apply(edits, to: source)
    // Read back: it parses, and nothing names their package any more.
    let check = Parser.parse(source: text)
    guard !check.hasError, !text.contains("\"\(theirs)\""), !text.contains("/\(theirs)") else {
      return .refused(["the edited manifest would not be right; change it by hand:"] + changes)
    }
    return .rewritten(text, changes: changes)
  }

  private static func range(of node: some SyntaxProtocol) -> Range<Int> {
    node.positionAfterSkippingLeadingTrivia
      .utf8Offset..<node.endPositionBeforeTrailingTrivia
      .utf8Offset
  }

  private final class Finder: SyntaxVisitor {
    /// `.product(…, package: "swift-snapshot-testing")` calls and bare `"SnapshotTesting"`
    /// strings in dependency lists, with the product's name.
    var products: [(Syntax, String)] = []
    /// Each target's name and its `dependencies:` list.
    var targetDependencies: [(String, ArrayElementListSyntax)] = []
    /// The element of the dependencies list that adds swift-snapshot-testing.
    var theirPackage: ArrayElementSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      let called = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      let arguments = Dictionary(
        node.arguments.compactMap { argument in
          argument.label.map { ($0.text, argument.expression) }
        },
        uniquingKeysWith: { first, _ in first })
      switch called {
      case "product":
        if literal(arguments["package"]) == ManifestMigration.theirs,
          let name = literal(arguments["name"])
        {
          products.append((Syntax(node), name))
        }
      case "package":
        let location = literal(arguments["url"]) ?? literal(arguments["path"]) ?? ""
        if location.hasSuffix(ManifestMigration.theirs)
          || location.hasSuffix(ManifestMigration.theirs + ".git"),
          let element = node.parent?.as(ArrayElementSyntax.self)
        {
          theirPackage = element
        }
      case "target", "testTarget", "executableTarget":
        if let name = literal(arguments["name"]),
          let list = arguments["dependencies"]?.as(ArrayExprSyntax.self)?.elements
        {
          targetDependencies.append((name, list))
          for element in list {
            if let bare = literal(element.expression), ImportMigration.modules[bare] != nil {
              products.append((Syntax(element.expression), bare))
            }
          }
        }
      default: break
      }
      return .visitChildren
    }

    private func literal(_ expression: ExprSyntax?) -> String? {
      guard let string = expression?.as(StringLiteralExprSyntax.self),
        string.segments.count == 1,
        let segment = string.segments.first?.as(StringSegmentSyntax.self)
      else { return nil }
      return segment.content.text
    }
  }
}
