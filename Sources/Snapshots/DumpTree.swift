/// One value of a `.dump`, reflected once and rendered at any indentation and under any name.
indirect enum DumpTree {
  struct Child {
    var label: String?
    var tree: DumpTree

    /// What swift-snapshot-testing sorts siblings by: the dump of the `(label, value)` pair
    /// (less the first line, which every sibling shares).
    var sortKey: String {
      var key: String
      if let label {
        key = "  ▿ label: Optional<String>\n    - some: \(label.debugDescription)\n"
      } else {
        key = "  - label: Optional<String>.none\n"
      }
      tree.render(name: "value", indent: 2, into: &key)
      return key
    }
  }

  /// A value with a description and children (possibly none).
  case node(String, [Child])
  /// A value that renders itself on one line and hides its children.
  case leaf(String)
  /// A class instance already being dumped further up.
  case circular(hasChildren: Bool)

  func render(name: String?, indent: Int, into output: inout String) {
    output.append(String(repeating: " ", count: indent))
    switch self {
    case .leaf(let description):
      output.append("- ")
      if let name { output.append(name + ": ") }
      output.append(description)
      output.append("\n")
    case .circular(let hasChildren):
      output.append(hasChildren ? "▿ " : "- ")
      output.append(name ?? "value")
      output.append(" (circular reference detected)\n")
    case .node(let description, let children):
      output.append(children.isEmpty ? "- " : "▿ ")
      if let name { output.append(name + ": ") }
      output.append(description)
      output.append("\n")
      for child in children {
        child.tree.render(name: child.label, indent: indent + 2, into: &output)
      }
    }
  }
}
