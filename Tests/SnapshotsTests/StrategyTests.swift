import Foundation
import Snapshots
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The text strategies, checked against this package's own references in `__Snapshots__`.
@Suite struct StrategyTests {
  struct User { var id = 1, name = "Blob", bio: String? = "Hi" }

  let request: URLRequest

  init() throws {
    let url = try #require(URL(string: "https://api.example.com/articles?lang=en&draft=true"))
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("session=abc", forHTTPHeaderField: "Cookie")
    request.httpBody = Data(#"{"title":"Hi","tags":["a"]}"#.utf8)
    self.request = request
  }

  @Test func description() {
    assertSnapshot(of: User(), as: .description)
  }

  @Test func dumpWithCustomRendering() {
    struct Token: AnySnapshotStringConvertible {
      var secret = "s3cr3t"
      var snapshotDescription: String { "Token(redacted)" }
    }
    struct Session { var token = Token(), user = User() }
    assertSnapshot(of: Session(), as: .dump)
  }

  @Test func rawRequest() {
    assertSnapshot(of: request, as: .raw)
    assertSnapshot(of: request, as: .raw(pretty: true))
  }

  @Test func curlRequest() {
    assertSnapshot(of: request, as: .curl)
  }

  @Test func functionOverAllCases() {
    enum Direction: CaseIterable { case up, down, left, right }
    let opposite: (Direction) -> Direction = { direction in
      switch direction {
      case .up: .down
      case .down: .up
      case .left: .right
      case .right: .left
      }
    }
    assertSnapshot(of: opposite, as: Snapshotting<Direction, String>.func(into: .description))
  }

  @Test func dataMismatchShowsOffsetAndHexDiff() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try Data("Hello, world!\n".utf8).write(to: folder.file("bytes.1"))
    let failure = verifySnapshot(
      of: Data("Hello, World!\n".utf8), as: .data, record: .never, snapshotDirectory: folder.path,
      testName: "bytes")
    let message = try #require(failure)
    let reference = folder.file("bytes.1").path
    #expect(message.hasPrefix("The snapshot does not match its reference: \(reference)\n\n"))
    let difference = message.components(separatedBy: "\n\n").dropFirst().prefix(2)
    assertSnapshot(of: difference.joined(separator: "\n\n"), as: .lines)
  }

  @Test func asyncPullbackIsAwaited() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let slow = Snapshotting<String, String>.lines.pullback { (n: Int) async throws -> String in
      try await Task.sleep(nanoseconds: 10_000_000)
      return "value \(n)"
    }
    #expect(
      verifySnapshot(of: 7, as: slow, record: .missing, snapshotDirectory: folder.path) != nil)
    #expect(try folder.text("asyncPullbackIsAwaited.1.txt") == "value 7")
  }

  @Test func callbackSnapshotFromAnotherThread() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let delayed = Snapshotting<String, String>.lines.asyncPullback { (n: Int) in
      Async { callback in DispatchQueue.global().async { callback("n = \(n)") } }
    }
    #expect(
      verifySnapshot(of: 3, as: delayed, record: .missing, snapshotDirectory: folder.path) != nil)
    #expect(try folder.text("callbackSnapshotFromAnotherThread.1.txt") == "n = 3")
  }

  @Test func slowSnapshotTimesOut() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let never = Snapshotting<String, String>.lines.pullback { (_: Int) async throws -> String in
      try await Task.sleep(nanoseconds: 5_000_000_000)
      return "late"
    }
    let message = verifySnapshot(
      of: 1, as: never, record: .missing, snapshotDirectory: folder.path, timeout: 0.2)
    #expect(
      message == "The snapshot took longer than 0.2 s (the timeout:); raise timeout: if it is slow."
    )
    #expect(try folder.contents().isEmpty)
  }

  @Test func throwingSnapshotFails() throws {
    struct RenderError: Error {}
    let failing = Snapshotting<String, String>.lines.pullback { (_: Int) async throws -> String in
      throw RenderError()
    }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(
      verifySnapshot(of: 1, as: failing, record: .missing, snapshotDirectory: folder.path)
        == "Could not snapshot the value: RenderError()")
  }

  @Test func severalStrategiesAtOnce() {
    assertSnapshots(of: User(), as: ["dump": .dump, "description": .description])
    assertSnapshots(of: User(), as: [.dump, .description])
  }
}
