import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsCommandOutput
import SnapshotsPOSIX
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The one layer of system calls (`Descriptors`): a signal that lands while a thread waits in
/// a read or a write does not cut what it reads or writes short.
@Suite(.serialized)
struct DescriptorsTests {
  /// A thread blocked reading a pipe, sent a signal whose handler does not restart calls;
  /// what `read` gives once bytes arrive.
  static func readInterrupted(by signals: Int, _ read: @escaping @Sendable (Int32) -> Int) throws
    -> Int
  {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var previous = sigaction()
    sigaction(SIGUSR2, &action, &previous)
    defer { sigaction(SIGUSR2, &previous, nil) }
    let pipe = try SpawnedProcess.pipe()
    defer { [pipe.read, pipe.write].forEach { close($0) } }
    let started = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let thread = Locked<pthread_t?>(nil)
    let result = Locked<Int?>(nil)
    Descriptors.detach {
      // The test runner's threads block signals; this one takes it.
      var unblocked = sigset_t()
      sigemptyset(&unblocked)
      sigaddset(&unblocked, SIGUSR2)
      pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
      thread.withLock { $0 = pthread_self() }
      started.signal()
      result.withLock { $0 = read(pipe.read) }
      done.signal()
    }
    started.wait()
    for _ in 0..<signals {
      usleep(50_000)
      if let thread = thread.withLock({ $0 }) { pthread_kill(thread, SIGUSR2) }
    }
    usleep(50_000)
    _ = Array("hello".utf8).withUnsafeBytes { Descriptors.writeAll($0, to: pipe.write) }
    done.wait()
    return result.withLock { $0 } ?? -2
  }

  @Test func aReadASignalInterruptsGoesOnToTheBytes() throws {
    // The premise: the signal does interrupt a plain `read`.
    let plain = try Self.readInterrupted(by: 1) { descriptor in
      var byte: UInt8 = 0
      let count = Glibc.read(descriptor, &byte, 1)
      return count < 0 && errno == EINTR ? -1 : count
    }
    #expect(plain == -1)
    let retried = try Self.readInterrupted(by: 3) { descriptor in
      var bytes = [UInt8](repeating: 0, count: 16)
      return bytes.withUnsafeMutableBytes { Descriptors.read(descriptor, into: $0) }
    }
    #expect(retried == 5)
  }

  @Test func onlyAnExecutableFileIsFoundOnThePath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "descriptors-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["first", "second"] {
      let sub = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    }
    // A folder named like the program, and a file that cannot run, come before the one that can.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("first/tool"), withIntermediateDirectories: true)
    let notRunnable = folder.appendingPathComponent("second/tool")
    _ = FileManager.default.createFile(atPath: notRunnable.path, contents: Data("x".utf8))
    let third = folder.appendingPathComponent("third")
    try FileManager.default.createDirectory(at: third, withIntermediateDirectories: true)
    let runnable = third.appendingPathComponent("tool")
    _ = FileManager.default.createFile(
      atPath: runnable.path, contents: Data("#!/bin/sh\n".utf8),
      attributes: [.posixPermissions: 0o755])
    let path = ["first", "second", "", "third"].map { folder.appendingPathComponent($0).path }
      .joined(separator: ":")
    #expect(Descriptors.executable(named: "tool", onPath: path) == runnable.path)
    #expect(Descriptors.executable(named: "tool", onPath: folder.path + "/first") == nil)
  }
}
