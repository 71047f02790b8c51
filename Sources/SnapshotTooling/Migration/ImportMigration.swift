import SnapshotsSwiftReader

/// Rewrites a Swift file's imports of swift-snapshot-testing's modules to this toolkit's:
/// `SnapshotTesting` → `Snapshots`, `InlineSnapshotTesting` → `InlineSnapshots`,
/// `SnapshotTestingCustomDump` → `SnapshotsCustomDump`, and adds `import SnapshotsJSON` to a
/// file that uses `.json` (which lives there) and `import SnapshotsCompatibility` to one that
/// uses swift-snapshot-testing's deprecated spellings (which live there).
///
/// `@testable` and `@_spi(…)` are dropped (this toolkit's modules are not built for testing in a
/// user's package, and their internals are not ours) and said so. Read by the lexer: an import
/// is a statement of its own, the rest are names.
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
    /// Whether it uses deprecated spellings (its target needs `SnapshotsCompatibility`).
    var usesDeprecatedSpellings = false
    /// This toolkit's modules its migrated imports name: its target needs each, where their
    /// modules brought one along that ours do not (`InlineSnapshotTesting` brings
    /// `SnapshotTestingCustomDump`).
    var imports: Set<String> = []
  }

  /// Names only swift-snapshot-testing's deprecated API has.
  static let deprecatedNames: Set = [
    "isRecording", "SnapshotTestCase", "_assertInlineSnapshot", "_verifyInlineSnapshot",
    "InlineSnapshotSyntaxDescriptor", "defaultTrailingClosureLabel", "trailingClosureOffset",
    "deprecatedTrailingClosureLabels", "syntaxDescriptor", "diffV2", "XCTAttachment",
    "DiffAttachment",
  ]

  /// The names `SnapshotsCompatibility` declares at its top level: a use qualified by
  /// swift-snapshot-testing's module (`SnapshotTesting.record = true`) is qualified by
  /// `SnapshotsCompatibility`, which re-exports `Snapshots` and `InlineSnapshots` for the
  /// overloads it adds to theirs.
  static let compatibilityNames: Set = [
    "isRecording", "record", "diffTool", "SnapshotTestCase", "XCTAttachment", "DiffAttachment",
    "_assertInlineSnapshot", "_verifyInlineSnapshot", "InlineSnapshotSyntaxDescriptor",
    "assertSnapshot", "assertSnapshots", "verifySnapshot", "assertInlineSnapshot",
  ]
  /// Those of ``compatibilityNames`` that `Snapshots` and `InlineSnapshots` declare too: they
  /// are qualified by `SnapshotsCompatibility` only in a file that uses deprecated spellings.
  static let overloadedNames: Set = [
    "assertSnapshot", "assertSnapshots", "verifySnapshot", "assertInlineSnapshot",
  ]

  /// Whether the token at `index` starts a use of a deprecated spelling: one of
  /// ``deprecatedNames``, the globals `record` and `diffTool` assigned or qualified by
  /// swift-snapshot-testing's module, `matching:` as the first label of an assertion, a `Bool`
  /// given as a record mode, `nil` as a diff tool.
  static func usesDeprecatedSpelling(at index: Int, in tokens: [SwiftTokens.Token]) -> Bool {
    let token = tokens[index]
    guard token.kind == .identifier else { return false }
    if deprecatedNames.contains(token.text) { return true }
    if qualifier(of: index, in: tokens) != nil, compatibilityNames.contains(token.text),
      !overloadedNames.contains(token.text)
    {
      return true
    }
    let next = index + 1 < tokens.count ? tokens[index + 1] : nil
    let afterNext = index + 2 < tokens.count ? tokens[index + 2] : nil
    let previous = index > 0 ? tokens[index - 1] : nil
    switch token.text {
    case "record", "diffTool":
      if let next, next.isOperator("="),
        !(previous.map { $0.isKeyword(.let) || $0.isKeyword(.var) } ?? false),
        previous?.isPunctuation(.period) != true
      {
        return true
      }
      guard let next, next.isPunctuation(.colon), let afterNext else { return false }
      return token.text == "record"
        ? afterNext.isKeyword(.true) || afterNext.isKeyword(.false)
        : afterNext.isKeyword(.nil)
    case "matching":
      let assertions: Set = ["assertSnapshot", "assertSnapshots", "verifySnapshot"]
      return next?.isPunctuation(.colon) == true && previous?.isPunctuation(.leftParen) == true
        && index >= 2 && assertions.contains(tokens[index - 2].text)
    default:
      return false
    }
  }

  static func migrate(_ source: String) -> Result {
    let bytes = Array(source.utf8)
    let tokens = SwiftTokens.lexed(bytes).tokens
    let lines = LineTable(bytes)
    var notes: [String] = []
    var edits: [TextEdit] = []
    let usesJSON = tokens.indices.contains { isImplicitMember(at: $0, named: "json", in: tokens) }
    let usesDeprecated = tokens.indices.contains { usesDeprecatedSpelling(at: $0, in: tokens) }
    // `.json` lives in SnapshotsJSON, the deprecated spellings in SnapshotsCompatibility:
    // imported after the first migrated import.
    var added =
      (usesJSON ? ["import SnapshotsJSON"] : [])
      + (usesDeprecated ? ["import SnapshotsCompatibility"] : [])
    var inImport: Set<Int> = []
    var imports: Set<String> = []
    for index in tokens.indices where tokens[index].isKeyword(.import) {
      guard let path = importedModule(after: index, in: tokens) else { continue }
      inImport.formUnion(index...path.last)
      guard let module = modules[tokens[path.first].text] else { continue }
      imports.insert(module)
      // The attributes and modifiers before `import`, back to the previous statement.
      var first = index
      var attributes: [String] = []
      while let previous = attributeOrModifier(before: first, in: tokens) {
        if tokens[previous].isPunctuation(.at) {
          let text = bytes[tokens[previous].start..<tokens[first - 1].end]
          attributes.insert(String(decoding: text, as: UTF8.self), at: 0)
        }
        first = previous
      }
      let line = lines.location(of: tokens[first].start).line
      let name = tokens[path.first].text
      if !attributes.isEmpty {
        notes.append(
          "line \(line): \(attributes.joined(separator: " ")) dropped from the import of \(name)")
      }
      edits.append(
        TextEdit(
          range: tokens[first].start..<tokens[path.last].end,
          text: (["import \(module)"] + added).joined(separator: "\n")))
      added = []
    }
    let hasImports = !edits.isEmpty
    var qualifiers: [TextEdit] = []
    for (index, token) in tokens.enumerated()
    where token.kind == .identifier && !inImport.contains(index) {
      if internals.contains(token.text) {
        notes.append(
          "line \(lines.location(of: token.start).line): \(token.text) is swift-snapshot-testing's internal, with no counterpart here; change this use by hand"
        )
      }
      // `SnapshotTesting.Snapshotting<…>`, `SnapshotTesting.record`: the module's name too.
      if let module = modules[token.text], index + 2 < tokens.count,
        qualifier(of: index + 2, in: tokens) == index
      {
        let name = tokens[index + 2].text
        let compatible =
          compatibilityNames.contains(name)
          && (usesDeprecated || !overloadedNames.contains(name))
        qualifiers.append(
          TextEdit(
            range: token.start..<token.end, text: compatible ? "SnapshotsCompatibility" : module))
      }
    }
    guard hasImports || !qualifiers.isEmpty || !notes.isEmpty else {
      return Result(text: nil, notes: [], usesJSON: false)
    }
    edits += qualifiers
    return Result(
      text: edits.isEmpty ? nil : TextEdit.apply(edits, to: source), notes: notes,
      usesJSON: usesJSON, usesDeprecatedSpellings: usesDeprecated, imports: imports)
  }

  /// The index of the swift-snapshot-testing module that qualifies the name at `index`
  /// (`SnapshotTesting` in `SnapshotTesting.record`), if one does.
  private static func qualifier(of index: Int, in tokens: [SwiftTokens.Token]) -> Int? {
    guard index >= 2, tokens[index - 1].isPunctuation(.period), !tokens[index - 1].spaceBefore,
      modules[tokens[index - 2].text] != nil, tokens[index - 2].kind == .identifier,
      index == 2 || !tokens[index - 3].isPunctuation(.period)
    else { return nil }
    return index - 2
  }

  /// The first and last token of the module path an `import` at `index` names (`X` in
  /// `import X`, `import X.Y` and `import struct X.Y`).
  private static func importedModule(after index: Int, in tokens: [SwiftTokens.Token]) -> (
    first: Int, last: Int
  )? {
    var position = index + 1
    if position < tokens.count, tokens[position].isAny(of: SwiftKeyword.importKinds),
      position + 1 < tokens.count, tokens[position + 1].kind == .identifier
    {
      position += 1
    }
    guard position < tokens.count, tokens[position].kind == .identifier else { return nil }
    let first = position
    while position + 2 < tokens.count, tokens[position + 1].isPunctuation(.period),
      tokens[position + 2].kind == .identifier, !tokens[position + 1].lineBreakBefore
    {
      position += 2
    }
    return (first, position)
  }

  /// The attribute (`@testable`, `@_spi(X)`) or modifier (`public`) that ends right before the
  /// token at `index`, on the same statement.
  private static func attributeOrModifier(before index: Int, in tokens: [SwiftTokens.Token])
    -> Int?
  {
    guard index > 0 else { return nil }
    let previous = tokens[index - 1]
    if previous.kind == .identifier {
      if index >= 2, tokens[index - 2].isPunctuation(.at) { return index - 2 }
      return previous.isAny(of: SwiftKeyword.accessLevels) ? index - 1 : nil
    }
    // `@_spi(Name)`.
    if previous.isPunctuation(.rightParen), index >= 5, tokens[index - 3].isPunctuation(.leftParen),
      tokens[index - 4].kind == .identifier, tokens[index - 5].isPunctuation(.at)
    {
      return index - 5
    }
    return nil
  }

  /// Whether the token at `index` is `.name` with no base: `as: .json`.
  static func isImplicitMember(at index: Int, named name: String, in tokens: [SwiftTokens.Token])
    -> Bool
  {
    guard tokens[index].isPunctuation(.period), index + 1 < tokens.count,
      tokens[index + 1].kind == .identifier, tokens[index + 1].text == name
    else { return false }
    guard index > 0 else { return true }
    let previous = tokens[index - 1]
    switch previous.kind {
    case .identifier: return previous.isAny(of: SwiftKeyword.statements)
    case .string, .number, .regex: return false
    case .operator(let fixity): return fixity != .postfix
    case .punctuation: return previous.punctuation?.isCloser != true
    }
  }
}
