import Foundation
import SnapshotsJSON
import SnapshotsStrategyLaws
import Testing

/// Every `.json` keeps the strategy laws: what it writes reads back the same, and two
/// different documents differ.
@Suite struct JSONStrategyLawsTests {
  struct User: Encodable { var name: String; var tags: [String]; var id: String }

  @Test func everyJSONStrategyKeepsTheLaws() async {
    let users = [
      User(name: "Ann", tags: ["a", "ü"], id: "1"), User(name: "Bo", tags: [], id: "2"),
    ]
    await assertStrategyLaws(.json, samples: users)
    await assertStrategyLaws(.json(redacting: ["$.id"]), samples: users)
    await assertStrategyLaws(.json(JSONEncoder()), samples: users)
    let texts = [#"{"b":[1,2.5,null],"a":"\u00e9"}"#, "[]", #""text""#]
    await assertStrategyLaws(Snapshotting<String, String>.json, samples: texts)
    await assertStrategyLaws(Snapshotting<Data, String>.json, samples: texts.map { Data($0.utf8) })
  }
}
