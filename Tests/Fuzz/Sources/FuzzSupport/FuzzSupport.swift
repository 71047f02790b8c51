/// A harness over one input, the bytes libFuzzer made.
///
/// It returns 0, and traps (`precondition`) when a property fails.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Hands the process over to libFuzzer with `target`, taking its flags from the command line.
///
/// SwiftPM gives an executable the entry point of its `@main` type, so each harness calls this
/// from there, linked with libFuzzer's runtime without its `main` (`Scripts/fuzz`).
public func runFuzzer(_ target: FuzzTarget) -> Never {
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(fuzzerRunDriver(&argc, &argv, target))
}

@_silgen_name("LLVMFuzzerRunDriver")
private func fuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ target: FuzzTarget
) -> CInt

@_silgen_name("exit")
private func exit(_ status: CInt) -> Never
