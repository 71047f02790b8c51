import Snapshots

extension JSONValue {
  /// The same document with the value of each member that `names` holds replaced by
  /// `placeholder`, at any depth, inside arrays too; a `null` stays, as it holds no secret.
  ///
  /// `{"access_token": "abc", "token_type": "Bearer"}` becomes
  /// `{"access_token": "<redacted>", "token_type": "Bearer"}`.
  func redactingSecrets(_ names: SecretNames, placeholder: JSONValue) -> JSONValue {
    switch self {
    case .null, .bool, .number, .string: return self
    case .array(let elements):
      return .array(elements.map { $0.redactingSecrets(names, placeholder: placeholder) })
    case .object(let members):
      return .object(
        members.map { member in
          if case .null = member.value { return member }
          if names.contains(member.key) { return (member.key, placeholder) }
          return (member.key, member.value.redactingSecrets(names, placeholder: placeholder))
        })
    }
  }
}
