// `import SnapshotsHTTP` alone is enough to assert snapshots, as with any strategy module;
// `HTTPRequest`, `HTTPResponse` and their fields come with `.http`.
@_exported import HTTPTypes
@_exported import Snapshots
