import Foundation

/// Checks a JSON text against a JSON Schema with Python's `jsonschema` (PyPI), the oracle for
/// the documents the tool prints; CI's bootstrap installs it.
public enum JSONSchemaCheck {
  public enum Verdict: Equatable {
    case valid
    case invalid(String)
    /// No `python3` with `jsonschema` here: why.
    case unavailable(String)
  }

  public static func validate(_ json: String, against schema: URL) throws -> Verdict {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let document = folder.url.appendingPathComponent("document.json")
    try Data(json.utf8).write(to: document)
    let script = """
      import json, sys
      try:
          import jsonschema
      except ImportError:
          print("unavailable: python3 has no jsonschema module"); sys.exit(0)
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft202012Validator.check_schema(schema)
      errors = [f"{list(e.absolute_path)}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2])))]
      print("invalid: " + "; ".join(errors) if errors else "valid")
      """
    let result = try Command(
      "python3", ["-c", script, schema.path, document.path], in: folder.url)
    let output = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    // 127: `env` found no python3. Any other failure (a schema that is not one) is the check's.
    if result.status == 127 { return .unavailable("no python3: \(output)") }
    if result.status != 0 { return .invalid("python3 failed: \(output)") }
    if output == "valid" { return .valid }
    if output.hasPrefix("unavailable: ") { return .unavailable(String(output.dropFirst(13))) }
    return .invalid(output)
  }
}
