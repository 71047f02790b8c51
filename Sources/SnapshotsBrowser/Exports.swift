// `import SnapshotsBrowser` alone is enough to assert screenshots: `Image`, `ImageMask` and the
// core come with it.
@_exported import SnapshotsPNG
