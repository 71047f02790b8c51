# The commands the README and CI use; CI calls these targets so they cannot go stale.
.PHONY: example example-server example-library example-cli test lint docs bench fuzz dump-fixtures

# Runs the example package's snapshot tests, end to end.
example:
	Scripts/bootstrap --without-browser
	cd Examples/Invoices && swift test

# Runs the command-line example's tests: its help, a usage error and a run, snapshotted.
example-cli:
	Scripts/bootstrap --without-browser
	cd Examples/Greeter && swift test

# Runs the Hummingbird server example's tests, then changes a handler, sees it fail and
# re-records it (its first build takes minutes: Hummingbird and SwiftNIO).
example-server:
	Scripts/example-server

# Runs the Vapor example's tests: requests as exchanges, and one as a document with its trace
# and logs (its first build takes minutes: Vapor and SwiftNIO).
example-library:
	Scripts/bootstrap --without-browser
	cd Examples/Library && swift test

# Runs the whole test suite.
test:
	Scripts/test

# Checks formatting against .swift-format.
lint:
	swift format lint --strict --recursive Package.swift Sources Tests Plugins Benchmarks/Sources Examples/Invoices/Sources Examples/Invoices/Tests Examples/Server/Sources Examples/Server/Tests Examples/Library/Sources Examples/Library/Tests Examples/Greeter/Sources Examples/Greeter/Tests

# Renders each module's DocC catalog in Docs/ to .build/docs/<Module>, failing on any warning.
docs:
	Scripts/build-docs

# Runs the side-by-side benchmarks against swift-snapshot-testing, in release mode.
bench:
	cd Benchmarks && swift run -c release SnapshotBenchmarks

# Runs the libFuzzer targets in Tests/Fuzz, FUZZ_SECONDS each (600 by default); CI does not.
fuzz:
	Scripts/fuzz

# Re-records the .dump compatibility references with swift-snapshot-testing itself.
dump-fixtures:
	Scripts/record-dump-fixtures
