// `import SnapshotsHTML` alone is enough to assert snapshots, as with any strategy module.
@_exported import Snapshots
