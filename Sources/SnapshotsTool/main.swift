@_spi(Tooling) import SnapshotSourceTooling
@_spi(Tooling) import SnapshotTooling

SnapshotsCommand.main(tooling: SwiftSourceTooling())
