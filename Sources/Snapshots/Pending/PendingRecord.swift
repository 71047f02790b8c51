import Foundation

/// What a failing assertion leaves for `snapshots apply` (the `snapshot-record` plugin): the new
/// text of an inline snapshot, or the new bytes of a file snapshot.
@_spi(Tooling) public enum PendingRecord: Codable, Sendable, Equatable {
  case inline(PendingInlineRecord)
  case file(PendingFileRecord)

  /// What the record writes to: a reference file, or one inline call.
  public var target: String {
    switch self {
    case .file(let file): return "file:" + file.referencePath
    case .inline(let call):
      return "inline:\(call.sourceFile):\(call.line):\(call.column):\(call.functionName)"
    }
  }

  /// ``ContentHash`` of the test source when the test ran, if the record has it.
  public var sourceHash: String? {
    switch self {
    case .file(let file): return file.sourceHash
    case .inline(let call): return call.sourceHash
    }
  }

  /// The test source and line of the assertion that made it.
  public var sourceLocation: (file: String, line: Int) {
    switch self {
    case .file(let file): return (file.sourceFile, file.line)
    case .inline(let call): return (call.sourceFile, call.line)
    }
  }
}

/// An inline snapshot to write into the test source: where the call is, which closure holds the
/// reference, the text the test saw and the text to write.
@_spi(Tooling) public struct PendingInlineRecord: Codable, Sendable, Equatable {
  /// The test source, as `#filePath` gave it.
  public var sourceFile: String
  public var line: Int
  public var column: Int
  /// The function called at `line`: `assertInlineSnapshot`, or a custom helper's name; empty
  /// when the call is found by its line and column alone.
  public var functionName: String
  /// The label of the closure parameter that holds the reference, such as `matches`.
  public var closureLabel: String
  /// Labels the closure was written with before (a helper's older spelling); `nil` when there
  /// are none, which keeps the record short.
  public var formerClosureLabels: [String]?
  /// Which trailing closure holds the reference when written as one: 0 for the first.
  public var trailingClosureIndex: Int
  /// The reference the test compared with; `nil` when the call had none.
  public var oldText: String?
  /// The text to write; `nil` to remove the closure (the value was `nil`).
  public var newText: String?
  /// ``ContentHash`` of the test source as it was when the test ran.
  public var sourceHash: String
  /// The test that made the record, for messages.
  public var testName: String

  public init(
    sourceFile: String, line: Int, column: Int, functionName: String, closureLabel: String,
    trailingClosureIndex: Int, formerClosureLabels: [String] = [], oldText: String?,
    newText: String?, sourceHash: String, testName: String
  ) {
    self.sourceFile = sourceFile
    self.line = line
    self.column = column
    self.functionName = functionName
    self.closureLabel = closureLabel
    self.trailingClosureIndex = trailingClosureIndex
    self.formerClosureLabels = formerClosureLabels.isEmpty ? nil : formerClosureLabels
    self.oldText = oldText
    self.newText = newText
    self.sourceHash = sourceHash
    self.testName = testName
  }
}

/// A file snapshot to (re)record: its reference path and where the actual bytes were saved.
@_spi(Tooling) public struct PendingFileRecord: Codable, Sendable, Equatable {
  public var referencePath: String
  /// The file in the run's folder that holds the actual bytes (or its absolute path, once runs
  /// are merged).
  public var dataFile: String
  public var testName: String
  /// The test source and line of the assertion.
  public var sourceFile: String
  public var line: Int
  /// ``ContentHash`` of the test source when the test ran (`nil` when it could not be read): a
  /// reference is not written from a test that has changed since.
  public var sourceHash: String?
  /// How the strategy says the value differs, for a value that is not text (an image's pixel
  /// counts); `nil` for text, which a review diffs itself.
  public var summary: String?
  /// The comparison's files saved beside the actual value (a difference image), if any.
  public var artifacts: [String]?
  /// `true` when ``testName`` is not the running test's (a helper that does not pass its
  /// caller's name on): other tests may name the same reference; `nil` otherwise.
  public var namedByHelper: Bool?
  /// How many bytes ``dataFile`` holds, and their ``SHA256`` digest.
  ///
  /// ``PendingStore`` sets them when it writes the bytes: the tool writes no reference from
  /// bytes that do not match (a data file cut short, or another record's). `nil` in a record an
  /// older version wrote.
  public var dataSize: Int?
  public var dataSHA256: String?

  public init(
    referencePath: String, dataFile: String, testName: String, sourceFile: String = "",
    line: Int = 0, sourceHash: String? = nil
  ) {
    self.referencePath = referencePath
    self.dataFile = dataFile
    self.testName = testName
    self.sourceFile = sourceFile
    self.line = line
    self.sourceHash = sourceHash
  }
}

extension PendingFileRecord {
  /// Where its bytes are: ``dataFile`` itself once runs are merged (an absolute path), else
  /// that name in its run's folder, `folder`.
  ///
  /// The folder is worked out only when asked: a merged run's records, which every command
  /// reads, name their bytes by absolute path.
  package func dataURL(in folder: @autoclosure () -> URL) -> URL {
    dataFile.hasPrefix("/")
      ? URL(fileURLWithPath: dataFile, isDirectory: false)
      : folder().appendingPathComponent(dataFile, isDirectory: false)
  }
}
