/// A parsed redaction selector: `$`, then `.key`, `["key"]`, `[n]`, `[*]` or `..key` steps.
struct JSONSelector {
  enum Step: Equatable {
    case key(String)
    case index(Int)
    case wildcard
    case recursive(String)
  }

  struct ParseError: Error, CustomStringConvertible {
    var selector: String
    var offset: Int
    var description: String {
      "invalid JSON selector \(selector) at character \(offset + 1): use $, .key, [\"key\"], [n], [*] or ..key"
    }
  }

  let steps: [Step]

  init(_ text: String) throws(ParseError) {
    let characters = Array(text)
    guard characters.first == "$" else { throw ParseError(selector: text, offset: 0) }
    var steps: [Step] = []
    var index = 1
    func name() throws(ParseError) -> String {
      let start = index
      while index < characters.count, characters[index] != ".", characters[index] != "[" {
        index += 1
      }
      guard index > start else { throw ParseError(selector: text, offset: start) }
      return String(characters[start..<index])
    }
    while index < characters.count {
      if characters[index] == "." {
        index += 1
        if index < characters.count, characters[index] == "." {
          index += 1
          steps.append(.recursive(try name()))
        } else {
          steps.append(.key(try name()))
        }
      } else if characters[index] == "[" {
        guard let close = characters[index...].firstIndex(of: "]") else {
          throw ParseError(selector: text, offset: index)
        }
        let inside = String(characters[(index + 1)..<close])
        if inside == "*" {
          steps.append(.wildcard)
        } else if let number = Int(inside), number >= 0 {
          steps.append(.index(number))
        } else if inside.count >= 2, inside.hasPrefix("\""), inside.hasSuffix("\""),
          case .string(let key)? = try? JSONValue(parsing: Array(inside.utf8))
        {
          steps.append(.key(key))
        } else {
          throw ParseError(selector: text, offset: index + 1)
        }
        index = close + 1
      } else {
        throw ParseError(selector: text, offset: index)
      }
    }
    self.steps = steps
  }

  /// Replaces every value the selector matches by `replace(value, path)`; returns how many.
  func apply(to value: inout JSONValue, replace: (JSONValue, String) -> JSONValue) -> Int {
    Self.apply(steps[...], to: &value, path: JSONPath.root, replace: replace)
  }

  private static func apply(
    _ steps: ArraySlice<Step>, to value: inout JSONValue, path: String,
    replace: (JSONValue, String) -> JSONValue
  ) -> Int {
    guard let step = steps.first else {
      value = replace(value, path)
      return 1
    }
    let rest = steps.dropFirst()
    var matches = 0
    switch (step, value) {
    case (.key(let key), .object(var members)):
      for index in members.indices where members[index].key == key {
        matches += apply(
          rest, to: &members[index].value, path: JSONPath.member(path, key), replace: replace)
      }
      value = .object(members)
    case (.index(let position), .array(var elements)) where position < elements.count:
      matches += apply(
        rest, to: &elements[position], path: JSONPath.element(path, position), replace: replace)
      value = .array(elements)
    case (.wildcard, .array(var elements)):
      for index in elements.indices {
        matches += apply(
          rest, to: &elements[index], path: JSONPath.element(path, index), replace: replace)
      }
      value = .array(elements)
    case (.wildcard, .object(var members)):
      for index in members.indices {
        matches += apply(
          rest, to: &members[index].value, path: JSONPath.member(path, members[index].key),
          replace: replace)
      }
      value = .object(members)
    case (.recursive(let key), .object(var members)):
      for index in members.indices {
        let memberPath = JSONPath.member(path, members[index].key)
        if members[index].key == key {
          matches += apply(rest, to: &members[index].value, path: memberPath, replace: replace)
        }
        matches += apply(steps, to: &members[index].value, path: memberPath, replace: replace)
      }
      value = .object(members)
    case (.recursive, .array(var elements)):
      for index in elements.indices {
        matches += apply(
          steps, to: &elements[index], path: JSONPath.element(path, index), replace: replace)
      }
      value = .array(elements)
    default:
      break
    }
    return matches
  }
}
