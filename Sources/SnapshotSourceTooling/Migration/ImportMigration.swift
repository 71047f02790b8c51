import SwiftParser
import SwiftSyntax

/// Rewrites a Swift file's imports of swift-snapshot-testing's modules to this toolkit's:
/// `SnapshotTesting` → `Snapshots`, `InlineSnapshotTesting` → `InlineSnapshots`,
/// `SnapshotTestingCustomDump` → `SnapshotsCustomDump`, and adds
/// `import SnapshotsJSON` to a file that uses `.json` (which lives there).
///
/// `@testable` and `@_spi(…)` are dropped (this toolkit's modules are not built for testing in a
/// user's package, and their internals are not ours) and said so.
struct ImportMigration {
  /// swift-snapshot-testing's internals that tests reach: `_record` is the record mode in
  /// effect, `_diffTool` the diff tool.
  static let internals: Set = [
    "_record", "__record", "_diffTool", "__diffTool", "inlineSnapshotState", "recordIssue",
  ]
  /// swift-snapshot-testing's modules and this toolkit's counterparts.
  static let modules = [
    "SnapshotTesting": "Snapshots", "InlineSnapshotTesting": "InlineSnapshots",
    "SnapshotTestingCustomDump": "SnapshotsCustomDump",
  ]

  struct Result: Equatable {
    /// The new text, `nil` when nothing changes.
    var text: String?
    /// What a person should look at, `line N: …`.
    var notes: [String]
    /// Whether the file uses `.json` (its target needs `SnapshotsJSON`).
    var usesJSON: Bool
  }

  static func migrate(_ source: String) -> Result {
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: "", tree: tree)
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(tree)
    guard !finder.imports.isEmpty || !finder.qualifiers.isEmpty || !finder.internals.isEmpty else {
      return Result(text: nil, notes: [], usesJSON: false)
    }
    var notes: [String] = []
    var edits: [TextEdit] = []
    // `.json` lives in SnapshotsJSON: imported after the first migrated import.
    var needsJSON = finder.usesJSON
    for node in finder.imports {
      let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
      guard let name = node.path.first?.name.text else { continue }
      guard let module = modules[name] else { continue }
      let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self) }
      if !attributes.isEmpty {
        let dropped = attributes.map { $0.trimmedDescription }.joined(separator: " ")
        notes.append("line \(line): \(dropped) dropped from the import of \(name)")
      }
      let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
      let end = node.endPositionBeforeTrailingTrivia.utf8Offset
      edits.append(
        TextEdit(
          range: start..<end, text: "import \(module)" + (needsJSON ? "\nimport SnapshotsJSON" : "")
        ))
      needsJSON = false
    }
    for reference in finder.internals {
      let line = converter.location(for: reference.positionAfterSkippingLeadingTrivia).line
      notes.append(
        "line \(line): \(reference.text) is swift-snapshot-testing's internal, with no counterpart here; change this use by hand"
      )
    }
    // `SnapshotTesting.isRecording`, `SnapshotTesting.Snapshotting<…>`: the module's name too.
    for token in finder.qualifiers {
      guard let module = modules[token.text] else { continue }
      let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
      edits.append(TextEdit(range: start..<start + token.text.utf8.count, text: module))
    }
    return Result(
      text: edits.isEmpty ? nil : TextEdit.apply(edits, to: source), notes: notes,
      usesJSON: finder.usesJSON)
  }

  private final class Finder: SyntaxVisitor {
    var imports: [ImportDeclSyntax] = []
    var usesJSON = false

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
      imports.append(node)
      return .skipChildren
    }

    /// Module names that qualify a member: `SnapshotTesting` in `SnapshotTesting.record`.
    var qualifiers: [TokenSyntax] = []
    /// Uses of their `@_spi(Internals)` and underscored declarations.
    var internals: [TokenSyntax] = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
      if ImportMigration.internals.contains(node.baseName.text) { internals.append(node.baseName) }
      return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
      if node.base == nil, node.declName.baseName.text == "json" {
        usesJSON = true
      }
      if let base = node.base?.as(DeclReferenceExprSyntax.self),
        ImportMigration.modules[base.baseName.text] != nil
      {
        qualifiers.append(base.baseName)
      }
      return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
      if let base = node.baseType.as(IdentifierTypeSyntax.self),
        ImportMigration.modules[base.name.text] != nil
      {
        qualifiers.append(base.name)
      }
      return .visitChildren
    }
  }
}
