extension SnapshotTestingConfiguration {
  /// The command a failure message offers for looking at a difference in a tool of your choice.
  ///
  /// ```swift
  /// withSnapshotTesting(diffTool: "code --diff") { … }  // prints: code --diff <ref> <actual>
  /// withSnapshotTesting(diffTool: .init { "meld \"\($0)\" \"\($1)\"" }) { … }
  /// ```
  ///
  /// A string names a command that takes the two paths after it, as swift-snapshot-testing's
  /// does, unquoted; ``ksdiff`` quotes them. ``default`` adds nothing: failure messages always
  /// show both paths.
  public struct DiffTool: Sendable, ExpressibleByStringLiteral {
    private let command: @Sendable (_ reference: String, _ actual: String) -> String
    /// Whether this is ``default``, which failure messages leave out.
    let isDefault: Bool

    /// A tool whose command line is built from the reference's and the actual file's paths.
    public init(_ command: @escaping @Sendable (_ reference: String, _ actual: String) -> String) {
      self.command = command
      isDefault = false
    }

    private init(
      isDefault: Bool,
      _ command: @escaping @Sendable (_ reference: String, _ actual: String) -> String
    ) {
      self.command = command
      self.isDefault = isDefault
    }

    /// A tool run as `<command> <reference> <actual>`.
    public init(stringLiteral command: String) {
      self.init { "\(command) \($0) \($1)" }
    }

    /// The command that shows the difference between two files.
    public func callAsFunction(reference: String, actual: String) -> String {
      command(reference, actual)
    }

    /// The command for a reference (`currentFilePath`) and the failing value's file, in
    /// swift-snapshot-testing's words.
    public func callAsFunction(currentFilePath: String, failedFilePath: String) -> String {
      command(currentFilePath, failedFilePath)
    }

    /// No command: both files as `file://` links, and how to choose a tool, in
    /// swift-snapshot-testing's words (failure messages here leave it out: they show both paths).
    public static let `default` = DiffTool(isDefault: true) {
      """
      @\u{2212}
      "file://\($0)"
      @+
      "file://\($1)"

      To configure output for a custom diff tool, use 'withSnapshotTesting'. For example:

          withSnapshotTesting(diffTool: .ksdiff) {
            // ...
          }
      """
    }

    /// Kaleidoscope's `ksdiff`, with both paths quoted.
    public static let ksdiff = DiffTool { "ksdiff \"\($0)\" \"\($1)\"" }

    /// `git diff --no-index`, available wherever git is.
    public static let gitDiff: DiffTool = "git diff --no-index"
  }
}
