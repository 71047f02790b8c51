#if canImport(Glibc)
  import Glibc

  private let systemRead = Glibc.read
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin

  private let systemRead = Darwin.read
  private let systemWrite = Darwin.write
#endif

/// The system calls the toolkit makes on descriptors, each written once: again when a signal
/// interrupts it, whole where a short count is possible, and a pipe read to its end on a
/// thread of its own.
///
/// Command output, the browser, the review's terminal and its server, and the core's files go
/// through it; a signal handler the test process installs (a debugger, a profiler) makes every
/// one of these calls fail with `EINTR` now and then. It imports the C library alone, so the
/// core, which every test target compiles against, waits for little more than that.
package enum Descriptors {
  /// `call` once, or again while it fails because a signal interrupted it (`EINTR`).
  package static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// `read` into `buffer`: the count read, 0 at the end, -1 with `errno` on a failure.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> Int
  {
    retrying { systemRead(descriptor, buffer.baseAddress, buffer.count) }
  }

  /// `write` of one part of `bytes`: the count written, -1 with `errno` on a failure.
  package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    retrying { systemWrite(descriptor, bytes.baseAddress, bytes.count) }
  }

  /// Whether `bytes` were all written, in as many `write`s as the descriptor takes; `errno`
  /// says why not.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  /// Reads `descriptor` to its end on a thread of its own, handing each chunk to `received`
  /// as it comes, then closes it and calls `ended`: a program writing to a pipe nobody reads
  /// blocks once the pipe is full.
  package static func drain(
    _ descriptor: Int32, chunk size: Int = 65_536,
    _ received: @escaping @Sendable (ArraySlice<UInt8>) -> Void,
    ended: @escaping @Sendable () -> Void = {}
  ) {
    detach {
      var buffer = [UInt8](repeating: 0, count: size)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, into: $0) }
        guard count > 0 else { break }
        received(buffer[..<count])
      }
      close(descriptor)
      ended()
    }
  }

  /// Runs `body` on a thread of its own, which nothing joins.
  package static func detach(_ body: @escaping @Sendable () -> Void) {
    final class Body {
      let run: @Sendable () -> Void
      init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let started = pthread_create(
      &thread, nil,
      { context in
        // Optional on Linux, not on macOS.
        let given: UnsafeMutableRawPointer? = context
        guard let given else { return nil }
        Unmanaged<Body>.fromOpaque(given).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      // No thread to be had: the work is done here rather than lost.
      Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
      return
    }
    pthread_detach(thread)
  }

  /// The first executable file called `name` in the folders of `path` (a `PATH` value).
  package static func executable(named name: String, onPath path: String) -> String? {
    for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = folder.hasSuffix("/") ? "\(folder)\(name)" : "\(folder)/\(name)"
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// A function of the C library that Swift's C modules leave undeclared (GNU extensions such
  /// as `pipe2` and `syncfs`), found by name; `nil` where the library has none (macOS).
  package static func libraryFunction<Function>(_ name: String, as type: Function.Type)
    -> Function?
  {
    #if canImport(Glibc)
      let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #else
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #endif
    return dlsym(everywhere, name).map { unsafeBitCast($0, to: type) }
  }

  private typealias SyncFileSystem = @convention(c) (Int32) -> Int32
  private static let syncfs = libraryFunction("syncfs", as: SyncFileSystem.self)

  /// Puts on disk everything written to the file system that holds `path` (`syncfs`); whether
  /// it did.
  ///
  /// The device is flushed once, where a sync per file flushes it once per file. False where
  /// the call fails or the library has none (macOS).
  package static func syncFileSystem(holding path: String) -> Bool {
    guard let syncfs else { return false }
    let descriptor = retrying { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return syncfs(descriptor) == 0
  }

  /// Whether `path` is a file (not a folder) this process may run.
  package static func isExecutableFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
