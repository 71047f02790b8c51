import Foundation
@_spi(Tooling) import SnapshotTooling
import SnapshotsPNG
import TestSupport
import Testing

/// `snapshots info FILE` prints where a PNG reference was recorded.
@Suite struct InfoCommandTests {
  func info(_ path: String) throws -> (SnapshotsCommand.ExitCode, [String]) {
    var lines: [String] = []
    let command = try SnapshotsCommand(
      parsing: ["info", path], currentDirectory: URL(fileURLWithPath: "/"))
    let status = command.run(print: { lines.append($0) })
    return (status, lines)
  }

  @Test func printsTheFingerprint() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let environment = RecordingEnvironment(
      operatingSystem: "macOS 15.2", architecture: "arm64", swift: "6.2", libpng: "1.6.43",
      renderer: "fonts-2026")
    let file = folder.file("chart.1.png")
    try Image(width: 1, height: 1, filledWith: (0, 0, 0, 255)).pngData(recordedIn: environment)
      .write(to: file)
    let (status, lines) = try info(file.path)
    #expect(status == .success)
    #expect(
      lines == [
        "\(file.path): recorded on OS macOS 15.2, Architecture arm64, Swift 6.2, libpng 1.6.43, Renderer fonts-2026"
      ])
  }

  @Test func namesTheEnvironmentOfAReferenceKeptPerEnvironment() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.file("chart.1.macos-arm64.png")
    try Image(width: 1, height: 1, filledWith: (0, 0, 0, 255)).pngData().write(to: file)
    #expect(
      try info(file.path).1 == [
        "\(file.path): the reference of the macos-arm64 environment",
        "\(file.path): no recording environment (not written by this toolkit)",
      ])
  }

  @Test func saysWhenThereIsNone() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.file("plain.png")
    try Image(width: 1, height: 1, filledWith: (0, 0, 0, 255)).pngData().write(to: file)
    #expect(
      try info(file.path).1 == [
        "\(file.path): no recording environment (not written by this toolkit)"
      ])
    let missing = try info(folder.file("missing.png").path)
    #expect(
      missing.0 == .refused
        && missing.1 == ["error: \(folder.file("missing.png").path) does not exist"])
  }

  /// The tool reads the chunks by the format's layout, without libpng: a file that is no PNG
  /// is said to be none.
  @Test func refusesAFileThatIsNoPNG() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = folder.file("notes.1.png")
    try Data("not a picture\n".utf8).write(to: file)
    #expect(try info(file.path) == (.refused, ["error: \(file.path) is not a PNG file"]))
  }
}
