import Foundation
import SnapshotTooling

let currentDirectory = URL(
  fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
ChildProcesses.shared.stopWithParent()
do {
  let options = try CommandOptions(
    parsing: Array(CommandLine.arguments.dropFirst()), currentDirectory: currentDirectory)
  exit(SnapshotsCommand(options: options).run().rawValue)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(SnapshotsCommand.ExitCode.usage.rawValue)
}
