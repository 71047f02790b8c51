import Foundation
@_spi(Tooling) import Snapshots
import SnapshotsPOSIX

/// The user's terminal, for a review: opened as `/dev/tty`, since a command plugin's standard
/// input and output are SwiftPM's pipes.
///
/// SwiftPM starts the plugin, and the plugin the tool, each in a process group of its own, so
/// the tool makes its group the terminal's foreground one (reading from the background would
/// stop it) and gives the terminal back when it ends, however it ends: normally, or on a signal
/// (``ChildProcesses``). Keys are read one at a time without echo; Ctrl-C still interrupts. The
/// review draws on the alternate screen, so the shell's screen comes back as it was.
final class ReviewTerminal: @unchecked Sendable {
  struct Unavailable: Error, CustomStringConvertible {
    var description: String {
      "--review needs a terminal to read keys from, and this process has none (CI, or a command run without one); list what is pending with --pending --json and decide with --accept ID… / --reject ID…"
    }
  }

  /// Whether this process has a terminal to review in, without taking it.
  static var isAvailable: Bool {
    let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return isatty(descriptor) != 0
  }

  /// Sends what this process prints to the terminal itself, when it goes elsewhere (SwiftPM's
  /// pipe, under the plugin).
  ///
  /// SwiftPM echoes that pipe when it gets to it, which can be after the review has drawn its
  /// screen: a line written then would scroll the screen's first rows away. A review is
  /// interactive, so its output belongs where its keys come from.
  static func takeOutput() {
    guard isatty(STDOUT_FILENO) == 0 else { return }
    let terminal = open("/dev/tty", O_WRONLY | O_CLOEXEC)
    guard terminal >= 0 else { return }
    defer { close(terminal) }
    dup2(terminal, STDOUT_FILENO)
    dup2(terminal, STDERR_FILENO)
  }

  private let descriptor: Int32
  private var saved = termios()
  private let previousGroup: pid_t
  private let restored = Locked(false)

  init() throws(Unavailable) {
    descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0, isatty(descriptor) != 0 else { throw Unavailable() }
    // Taking the foreground from the background raises SIGTTOU unless it is ignored.
    signal(SIGTTOU, SIG_IGN)
    previousGroup = tcgetpgrp(descriptor)
    tcsetpgrp(descriptor, getpgrp())
    tcgetattr(descriptor, &saved)
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(descriptor, TCSANOW, &raw)
    write("\u{1B}[?1049h\u{1B}[?25l")
    // Stopped by a signal, the tool ends right after: the descriptor stays open, so that the
    // main thread, waiting for a key, does not wake to a closed one and end the review as if
    // the user had (exit 0, a summary) before the signal's exit.
    ChildProcesses.shared.atStop { [self] in restore(closing: false) }
  }

  deinit { restore() }

  /// Puts the terminal back as it was: the shell's screen, echo, lines, the foreground.
  func restore(closing: Bool = true) {
    guard
      restored.withLock({ done in
        defer { done = true }
        return !done
      })
    else { return }
    write("\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(descriptor, TCSANOW, &saved)
    if previousGroup > 0 { tcsetpgrp(descriptor, previousGroup) }
    if closing { close(descriptor) }
  }

  /// Columns and rows; 80×24 when the terminal does not say.
  var size: (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Replaces the screen with `lines`.
  func draw(_ lines: [String]) {
    write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
  }

  /// The next key; `nil` when the terminal is gone (its window closed).
  ///
  /// A window resized while it waits returns ``ReviewKey/ignored``, so that the screen is drawn
  /// again at its new size.
  func readKey() -> ReviewKey? {
    let drawnAt = size
    while !isReadable(withinMilliseconds: 250) {
      if size != drawnAt { return .ignored }
    }
    guard let byte = readByte() else { return nil }
    guard byte == 0x1B else { return ReviewKey(byte) }
    // An arrow is ESC [ A…D; a lone ESC is nothing.
    guard isReadable(withinMilliseconds: 50), readByte() == UInt8(ascii: "["),
      let arrow = readByte()
    else { return .ignored }
    return ReviewKey(arrow: arrow)
  }

  /// Whether a byte (or the terminal's end) is there to read within the time.
  private func isReadable(withinMilliseconds milliseconds: Int32) -> Bool {
    var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&pollDescriptor, 1, milliseconds) != 0
  }

  private func readByte() -> UInt8? {
    var byte: UInt8 = 0
    let count = withUnsafeMutableBytes(of: &byte) { Descriptors.read(descriptor, into: $0) }
    return count == 1 ? byte : nil
  }

  private func write(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { Descriptors.writeAll($0, to: descriptor) }
  }
}
