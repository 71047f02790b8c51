import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPNG

/// `snapshots info FILE`: where a PNG reference was recorded (its environment fingerprint).
public struct InfoVerb: Equatable, Sendable {
  public var file: URL

  static let grammar = CommandLineGrammar.Verb(
    name: "info",
    abstract: "Print where a PNG reference was recorded (its environment fingerprint).",
    options: [], argument: ("file", "The reference file."))

  init(_ parsed: CommandLineGrammar.Parsed, currentDirectory: URL) {
    file = URL(fileURLWithPath: parsed.argument ?? "", relativeTo: currentDirectory)
  }

  func run(print: (String) -> Void) -> SnapshotsCommand.ExitCode {
    do {
      guard let data = try AtomicFile.read(file) else {
        print("error: \(file.path) does not exist")
        return .refused
      }
      let texts = try Image.textChunks(inPNG: data)
      guard let environment = RecordingEnvironment(textChunks: texts) else {
        print("\(file.path): no recording environment (not written by this toolkit)")
        return .success
      }
      print("\(file.path): recorded on \(environment.summary)")
      return .success
    } catch let error as AtomicFile.ReadError {
      print("error: \(error)")
      return .refused
    } catch {
      print("error: \(file.path): \(error)")
      return .refused
    }
  }
}
