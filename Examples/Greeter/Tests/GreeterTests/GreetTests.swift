import SnapshotsCommandOutput
import Testing

/// The tool as its users meet it: its help, a usage error and a run, each one snapshot of the
/// command line, the exit status and both streams.
@Test func help() {
  assertSnapshot(of: Command(product: "greet", "--help"))
}

@Test func usageError() {
  assertSnapshot(of: Command(product: "greet", "--times", "0"))
}

@Test func greets() {
  assertSnapshot(of: Command(product: "greet", "--name", "Ann Lee", "--times", "2", "--loud"))
}
