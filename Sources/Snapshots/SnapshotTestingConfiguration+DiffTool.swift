extension SnapshotTestingConfiguration {
  /// The command a failure message offers for looking at a difference in a tool of your choice.
  ///
  /// ```swift
  /// withSnapshotTesting(diffTool: "code --diff") { … }  // prints: code --diff "<ref>" "<actual>"
  /// withSnapshotTesting(diffTool: .init { "meld \($0) \($1)" }) { … }
  /// ```
  public struct DiffTool: Sendable, ExpressibleByStringLiteral {
    private let command: @Sendable (_ reference: String, _ actual: String) -> String

    /// A tool whose command line is built from the reference's and the actual file's paths.
    public init(_ command: @escaping @Sendable (_ reference: String, _ actual: String) -> String) {
      self.command = command
    }

    /// A tool run as `<command> "<reference>" "<actual>"`.
    public init(stringLiteral command: String) {
      self.init { "\(command) \"\($0)\" \"\($1)\"" }
    }

    /// The command that shows the difference between two files.
    public func callAsFunction(reference: String, actual: String) -> String {
      command(reference, actual)
    }

    /// `git diff --no-index`, available wherever git is.
    public static let gitDiff: DiffTool = "git diff --no-index"
  }
}
