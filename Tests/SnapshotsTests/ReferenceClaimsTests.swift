import Foundation
import TestSupport
import Testing

@_spi(Tooling) @testable import Snapshots

/// A recording is written outside the lock every assertion takes, and a rival is still told
/// and undoes it, whenever it comes.
@Suite struct RecordingOutsideTheLockTests {
  static func claimant(_ test: String, _ stem: String, line: UInt = 3) -> ReferenceClaims.Claimant {
    .init(test: TestIdentity(name: test), stem: stem, filePath: "/P/T.swift", line: line)
  }

  /// Claims whose recordings let `during` claim on another thread first, for at most 10
  /// seconds, then write: a claim that waits on the lock the write holds does not finish.
  final class HeldClaims: Sendable {
    let claims = Locked<ReferenceClaims?>(nil)
    /// Whether `during` finished before the write went on.
    let finished = Locked<Bool?>(nil)

    init(during: @escaping @Sendable (ReferenceClaims) -> Void) {
      let made = ReferenceClaims { [claims, finished] data, url throws(AtomicFile.WriteError) in
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          if let claims = claims.withLock({ $0 }) { during(claims) }
          done.signal()
        }
        let inTime = done.wait(timeout: .now() + 10) == .success
        finished.withLock { $0 = inTime }
        try AtomicFile.write(data, to: url)
      }
      claims.withLock { $0 = made }
    }
  }

  @Test func anotherAssertionClaimsWhileARecordingIsWritten() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let url = folder.file("a.1.txt")
    let other = Locked<String??>(nil)
    let made = HeldClaims { claims in
      let told = claims.claim(folder.file("b.1.txt").path, for: Self.claimant("B.b()", "b.1"))
      other.withLock { $0 = told }
    }
    let claims = try #require(made.claims.withLock { $0 })
    #expect(claims.claim(url.path, for: Self.claimant("A.a()", "a.1")) == nil)
    #expect(try claims.record(Data("a".utf8), claimed: url.path, at: url, replacing: nil))
    #expect(made.finished.withLock { $0 } == true, "the other claim waited for the write")
    #expect(other.withLock { $0 } == .some(nil))
    #expect(try folder.text("a.1.txt") == "a")
  }

  @Test func aRivalThatComesWhileTheRecordingIsWrittenUndoesIt() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let url = folder.file("dump.1.txt")
    try Data("before".utf8).write(to: url)
    let rival = Locked<String?>(nil)
    let made = HeldClaims { claims in
      let told = claims.claim(url.path, for: Self.claimant("Second.dump()", "dump.1", line: 9))
      rival.withLock { $0 = told }
    }
    let claims = try #require(made.claims.withLock { $0 })
    #expect(claims.claim(url.path, for: Self.claimant("First.dump()", "dump.1")) == nil)
    // Undone as it ends, and said so: nothing of it is left written.
    #expect(
      try !claims.record(
        Data("first".utf8), claimed: url.path, at: url, replacing: Data("before".utf8)))
    #expect(made.finished.withLock { $0 } == true, "the rival's claim waited for the write")
    #expect(rival.withLock { $0 }?.hasPrefix("First.dump()") == true)
    #expect(try folder.text("dump.1.txt") == "before")
    #expect(
      claims.claim(url.path, for: Self.claimant("First.dump()", "dump.1"))?
        .hasPrefix("Second.dump()") == true)
  }
}
