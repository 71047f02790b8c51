import Testing

/// The arguments of a parameterized test case, as text for reference names.
///
/// Swift Testing has no public API for a case's arguments; their descriptions are read through
/// reflection: a string as itself, anything else formatted with `String(describingForTest:)`, as
/// its own output shows them.
enum TestArguments {
  static func describe(_ testCase: Test.Case) -> [String] {
    let mirror = Mirror(reflecting: testCase)
    let found =
      mirror.descendant("_kind", "parameterized", "arguments") ?? mirror.descendant("arguments")
    let arguments = found.map { Mirror(reflecting: $0).children.map(\.value) } ?? []
    let values = arguments.compactMap { argument -> String? in
      let value = Mirror(reflecting: argument).descendant("value")
      return value.map { ($0 as? String) ?? String(describingForTest: $0) }
    }
    return values
  }
}
