import SnapshotsSwiftReader

/// Finds the calls of the named functions in a source file.
///
/// Each comes with the line and column the compiler gives `#line` and `#column` at it (where
/// the call starts). The empty name stands for every call: records of helpers that give no
/// name are matched by position alone.
struct InlineCallFinder {
  struct Found {
    var line: Int
    var column: Int
    /// Other columns that name this call: the function name's (in `helper.assert(…)`) and the
    /// argument list's, which is what `#column` gives a default argument.
    /// (The column right after the callee is where swift-snapshot-testing's helpers point.)
    var otherColumns: [Int]
    var call: SwiftCalls.Call
  }

  private(set) var found: [Found] = []
  /// Indices into `found` by starting line.
  private var byLine: [Int: [Int]] = [:]

  /// - Parameter reader: what reads the calls; a test's oracle in their place.
  init(source: String, names: Set<String>, reader: SourceRewrite.CallReader) {
    let bytes = Array(source.utf8)
    let lines = LineTable(bytes)
    for call in reader(source)
    where names.contains("") || call.name.map(names.contains) == true {
      let start = lines.location(of: call.start)
      let others = [call.nameStart, call.leftParen, Self.afterTrivia(call.calleeEnd, in: bytes)]
        .compactMap { $0 }.map { lines.location(of: $0).column }
      byLine[start.line, default: []].append(found.count)
      found.append(Found(line: start.line, column: start.column, otherColumns: others, call: call))
    }
  }

  /// Past the spaces and comments that follow `offset` on its line (where swift-syntax ends a
  /// token's trailing trivia).
  private static func afterTrivia(_ offset: Int, in bytes: [UInt8]) -> Int {
    var position = offset
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"): position += 1
      case UInt8(ascii: "/")
      where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n"),
          bytes[position] != UInt8(ascii: "\r")
        {
          position += 1
        }
      default: return position
      }
    }
    return position
  }

  /// The index in `found` of the call a record points at: the one starting at its line and
  /// column, or else the only call of that name on its line (a nameless record needs the
  /// position).
  func call(line: Int, column: Int, name: String) -> Int? {
    let onLine = (byLine[line] ?? []).filter { name.isEmpty || found[$0].call.name == name }
    if let exact = onLine.first(where: {
      found[$0].column == column || found[$0].otherColumns.contains(column)
    }) {
      return exact
    }
    return onLine.count == 1 && !name.isEmpty ? onLine[0] : nil
  }
}

/// Lines and columns (1-based, in UTF-8 bytes, as `#line` and `#column` count) of offsets in a
/// text.
struct LineTable {
  private var starts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
  }

  func location(of offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - starts[low] + 1)
  }
}
