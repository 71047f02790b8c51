// `import SnapshotsCommandOutput` alone is enough to assert a command's output, as with any
// strategy module.
@_exported import Snapshots
