import Foundation
@_spi(Tooling) import Snapshots

/// Which pending records an apply takes, by `--filter REGEX`: a record is taken when the
/// expression matches part of its test's name (`shardTwo()`, or `ShardTests/shardTwo()` with
/// the test file's name before it), its test file or its reference, each relative to the
/// package (`Tests/AppTests/ShardTests.swift`, `…/__Snapshots__/ShardTests/shardTwo.1.txt`).
struct RecordFilter {
  let expression: String
  private let regex: Regex<AnyRegexOutput>
  let relative: (String) -> String

  struct InvalidExpression: Error, CustomStringConvertible {
    var expression: String
    var reason: String
    var description: String { "--filter \(expression) is not a regular expression: \(reason)" }
  }

  init(_ expression: String, relative: @escaping (String) -> String) throws(InvalidExpression) {
    self.expression = expression
    do {
      regex = try Regex(expression)
    } catch {
      throw InvalidExpression(expression: expression, reason: "\(error)")
    }
    self.relative = relative
  }

  func matches(_ record: PendingRecord) -> Bool {
    let (testName, sourceFile, reference): (String, String, String?) =
      switch record {
      case .file(let file): (file.testName, file.sourceFile, file.referencePath)
      case .inline(let call): (call.testName, call.sourceFile, nil)
      }
    let fileName = URL(fileURLWithPath: sourceFile).deletingPathExtension().lastPathComponent
    let names =
      [testName, "\(fileName)/\(testName)", relative(sourceFile)]
      + (reference.map { [relative($0)] } ?? [])
    return names.contains { $0.contains(regex) }
  }

  /// The run's records this filter takes, as a run, and the ones it leaves.
  func split(_ run: PendingRun) -> (taken: PendingRun, left: [PendingRun.Entry]) {
    var taken = run
    taken.entries = []
    var left: [PendingRun.Entry] = []
    for entry in run.entries {
      if matches(entry.record) { taken.entries.append(entry) } else { left.append(entry) }
    }
    return (taken, left)
  }
}
