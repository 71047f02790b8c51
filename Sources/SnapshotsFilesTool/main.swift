@_spi(Tooling) import SnapshotTooling

// The tool without a Swift parser: it builds in seconds, and says when a command needs
// `snapshots` instead.
SnapshotsCommand.main(tooling: nil)
