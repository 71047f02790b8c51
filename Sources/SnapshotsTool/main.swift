@_spi(Tooling) import SnapshotTooling

SnapshotsCommand.main()
