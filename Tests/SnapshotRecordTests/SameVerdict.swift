import Foundation
import TestSupport
import Testing

/// A suite whose snapshots hold what changes between runs and machines (a timestamp, a UUID, a
/// temporary path, an object's address) in `.dump`, `.lines` and inline snapshots: with its
/// filters, recorded once, it passes in another temporary folder and on CI.
struct SameVerdict {
  let package: ThrowawayPackage

  static let test = "Tests/AppTests/MachineTests.swift"
  static let folder = "Tests/AppTests/__Snapshots__/MachineTests"

  static let source = """
    import Foundation
    import InlineSnapshots
    import Snapshots
    import Testing

    final class Session {}

    struct Upload {
      var id = UUID()
      var started = Date()
      var file = FileManager.default.temporaryDirectory.appendingPathComponent("upload.bin").path
      var owner = ObjectIdentifier(Session()).debugDescription
    }

    // The temporary folder first: its own name may hold a UUID.
    @Suite(.snapshots(filters: [.temporaryDirectory, .uuids, .iso8601Dates, .pointerAddresses]))
    struct MachineTests {
      @Test func dumped() { assertSnapshot(of: Upload(), as: .dump) }

      @Test func logged() {
        let upload = Upload()
        assertSnapshot(
          of: "\\(upload.started.ISO8601Format()) wrote \\(upload.file) for \\(upload.id) by \\(upload.owner)",
          as: .lines)
      }

      @Test func inline() {
        assertInlineSnapshot(of: "id \\(UUID()) in \\(NSTemporaryDirectory())", as: .lines)
      }
    }

    """

  func run() throws {
    try package.write(Self.test, Self.source)
    defer {
      try? package.remove(Self.test)
      try? package.remove(Self.folder)
    }
    let first = try temporaryFolder("first")
    let second = try temporaryFolder("second")
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    let record = try package.swift(
      [
        "package", "--allow-writing-to-package-directory", "snapshot-record", "--filter",
        "MachineTests",
      ], environment: ["TMPDIR": first.path])
    #expect(record.status == 0, "\(record.output)")
    let dumped = try package.read(Self.folder + "/dumped.1.txt")
    #expect(dumped.contains("<UUID-1>") && dumped.contains("<tmp>/upload.bin"), "\(dumped)")
    #expect(dumped.contains("0x<address>") && !dumped.contains(first.path), "\(dumped)")
    #expect(try package.read(Self.test).contains("id <UUID-1> in <tmp>"))
    for environment in [["TMPDIR": second.path], ["TMPDIR": second.path, "CI": "true"]] {
      let again = try package.swift(["test", "--filter", "MachineTests"], environment: environment)
      #expect(again.status == 0, "\(environment): \(again.output)")
    }
  }

  /// A new folder to be the temporary folder of one run.
  private func temporaryFolder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "same-verdict-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
