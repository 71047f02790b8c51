import Foundation
import SnapshotTooling

let currentDirectory = URL(
  fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
ChildProcesses.shared.stopWithParent()
do {
  let command = try SnapshotsCommand(
    parsing: Array(CommandLine.arguments.dropFirst()), currentDirectory: currentDirectory)
  exit(command.run().rawValue)
} catch {
  if error.isHelp {
    print(error.description)
    exit(SnapshotsCommand.ExitCode.success.rawValue)
  }
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(SnapshotsCommand.ExitCode.usage.rawValue)
}
