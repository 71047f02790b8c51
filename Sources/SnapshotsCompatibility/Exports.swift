// `SnapshotsCompatibility.assertSnapshot` finds the normal overloads beside the deprecated ones:
// `snapshot-record --migrate` qualifies swift-snapshot-testing's module-qualified uses by this
// module.
@_exported import InlineSnapshots
@_exported import Snapshots
