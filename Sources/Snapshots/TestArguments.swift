import Testing

/// The arguments of a parameterized test case, as text for reference names.
///
/// Swift Testing has no public API for a case's arguments; their descriptions are read through
/// reflection and formatted with `String(describingForTest:)`, as its own output shows them.
enum TestArguments {
  static func describe(_ testCase: Test.Case) -> String {
    let arguments = Mirror(reflecting: testCase).descendant("arguments") as? [Any] ?? []
    let values = arguments.compactMap { argument -> String? in
      let value = Mirror(reflecting: argument).descendant("value")
      return value.map { String(describingForTest: $0) }
    }
    return values.joined(separator: ", ")
  }
}
