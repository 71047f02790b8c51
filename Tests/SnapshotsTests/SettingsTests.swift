import Foundation
import Testing

@testable import Snapshots

/// Record mode resolution, in one place: argument → scope → environment → default.
@Suite struct SettingsTests {
  typealias Record = SnapshotTestingConfiguration.Record

  func record(
    _ argument: Record? = nil, scope: Record? = nil, environment: [String: String] = [:]
  ) throws -> Record {
    try SnapshotSettings.resolve(
      record: argument, scope: SnapshotTestingConfiguration(record: scope),
      environment: environment
    ).record
  }

  @Test func defaultIsMissingLocallyAndNeverOnCI() throws {
    #expect(try record() == .missing)
    #expect(try record(environment: ["CI": "true"]) == .never)
    #expect(try record(environment: ["CI": "1"]) == .never)
    #expect(try record(environment: ["CI": "false"]) == .missing)
    #expect(try record(environment: ["CI": "0"]) == .missing)
    #expect(try record(environment: ["CI": ""]) == .missing)
  }

  @Test func environmentOverridesTheDefault() throws {
    #expect(try record(environment: ["SNAPSHOT_TESTING_RECORD": "all", "CI": "true"]) == .all)
    #expect(try record(environment: ["SNAPSHOT_TESTING_RECORD": "Failed"]) == .failed)
  }

  @Test func scopeOverridesEnvironmentAndArgumentOverridesScope() throws {
    #expect(try record(scope: .failed, environment: ["SNAPSHOT_TESTING_RECORD": "all"]) == .failed)
    #expect(
      try record(.never, scope: .failed, environment: ["SNAPSHOT_TESTING_RECORD": "all"]) == .never)
  }

  @Test func onCICodeChosenModesAreHeldBackUnlessTheEnvironmentAsks() throws {
    let ci = ["CI": "true"]
    for chosen in [Record.missing, .all, .failed] {
      let fromArgument = try SnapshotSettings.resolve(record: chosen, scope: nil, environment: ci)
      #expect(fromArgument.record == .never)
      #expect(fromArgument.recordSource == .heldBackOnCI(chosen))
      #expect(try record(scope: chosen, environment: ci) == .never)
    }
    #expect(try record(.never, environment: ci) == .never)
    #expect(
      try record(.missing, environment: ["CI": "true", "SNAPSHOT_TESTING_RECORD": "failed"])
        == .missing)
    #expect(try record(.all, environment: ["CI": "false"]) == .all)
  }

  @Test func unknownEnvironmentValueIsAnErrorEvenWhenAnArgumentDecides() {
    #expect(throws: SnapshotSettings.InvalidEnvironment.self) {
      try record(.all, environment: ["SNAPSHOT_TESTING_RECORD": "yes"])
    }
  }

  @Test func unknownEnvironmentValueIsAnError() {
    #expect(throws: SnapshotSettings.InvalidEnvironment.self) {
      try record(environment: ["SNAPSHOT_TESTING_RECORD": "yes"])
    }
    let error = SnapshotSettings.InvalidEnvironment(name: "SNAPSHOT_TESTING_RECORD", value: "yes")
    #expect(
      error.description
        == "SNAPSHOT_TESTING_RECORD=yes is not a record mode; use one of: all, missing, failed, never"
    )
  }

  @Test func artifactsFolderComesFromTheEnvironment() throws {
    let settings = try SnapshotSettings.resolve(
      record: nil, scope: nil, environment: ["SNAPSHOT_ARTIFACTS": "/tmp/out"])
    #expect(settings.artifactsDirectory == "/tmp/out")
  }

  @Test func scopedArtifactsFolderComesBeforeTheEnvironment() throws {
    let settings = try SnapshotSettings.resolve(
      record: nil, scope: SnapshotTestingConfiguration(artifactsDirectory: "/tmp/scoped"),
      environment: ["SNAPSHOT_ARTIFACTS": "/tmp/out"])
    #expect(settings.artifactsDirectory == "/tmp/scoped")
  }

  @Test func nestedScopesInheritWhatTheyLeaveUnset() {
    withSnapshotTesting(record: .all) {
      withSnapshotTesting(diffTool: "meld") {
        #expect(SnapshotTestingConfiguration.current?.record == .all)
        #expect(
          SnapshotTestingConfiguration.current?.diffTool?(reference: "a", actual: "b")
            == "meld a b")
      }
    }
  }

  @Test(.snapshots(record: .failed)) func traitSetsTheScope() {
    #expect(SnapshotTestingConfiguration.current?.record == .failed)
  }
}
