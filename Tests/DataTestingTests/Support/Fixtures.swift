import Foundation
import StrataCrossCutting
import StrataDataTesting
import StrataSession
import StrataStore
import StrataTestSupport
import Testing

extension ValueObjectBehaviour {
    /// Local rows only, never journalled: a plain table, what these fixtures mean (the seed's
    /// default, and so the schema's, is server only).
    static let plainTable = ValueObjectBehaviour(persistentType: .localOnly)
}

/// A value object with a field of every type (the optional `note` may be null).
struct Item: ValueObject, Hashable {
    var objectId: String?
    var name = ""
    var rank = 0
    var score = 0.0
    var note: String? = nil
    var flag = false
    var when = Date(timeIntervalSince1970: 0)
    var bytes: [UInt8] = []

    init() {}

    init(_ name: String, rank: Int = 0, score: Double = 0, note: String? = nil, bytes: [UInt8] = []) {
        self.name = name
        self.rank = rank
        self.score = score
        self.note = note
        self.bytes = bytes
    }

    static let schema = ValueObjectSchema<Item>(
        "Item",
        fields: [
            .field("name", \.name),
            .field("rank", \.rank),
            .field("score", \.score),
            .field("note", \.note),
            .field("flag", \.flag),
            .field("when", \.when),
            .field("bytes", \.bytes),
        ],
        indexed: ["name", "rank"],
        behaviour: .plainTable
    )
}

/// A value object with unique keys, one of them nullable.
struct Badge: ValueObject, Hashable {
    var objectId: String?
    var label = ""
    var code: String? = nil

    init() {}

    init(_ label: String, code: String? = nil) {
        self.label = label
        self.code = code
    }

    static let schema = ValueObjectSchema<Badge>(
        "Badge", fields: [.field("label", \.label), .field("code", \.code)], unique: ["label", "code"],
        behaviour: .plainTable)
}

/// A value object whose schema registration must reject (a key that is not an identifier).
struct BadKey: ValueObject {
    var objectId: String?
    var value = 0
    init() {}
    static let schema = ValueObjectSchema<BadKey>("BadKey", fields: [.field("two words", \.value)])
}

/// A second Swift type claiming the value-object name `Item`.
struct ItemImpostor: ValueObject {
    var objectId: String?
    var name = ""
    init() {}
    static let schema = ValueObjectSchema<ItemImpostor>("Item", fields: [.field("name", \.name)])
}

extension AuthInfo {
    /// A signed-in nurse in two groups (the first is the primary group).
    static func sample(validUntil: Date) -> AuthInfo {
        AuthInfo(
            userID: "u-42", account: "nurse", groups: [
                GroupRole(groupID: "g-ward", groupName: "Ward 3", roleName: "Nurse"),
                GroupRole(groupID: "g-all", groupName: "Everyone", roleName: "Member"),
            ], token: "token-abc", validUntil: validUntil)
    }
}

/// The `DataError` `body` throws, or `nil` (recorded as a test issue) when it throws nothing
/// or something else.
func dataError(_ body: () throws -> some Any) -> DataError? {
    do {
        _ = try body()
        Issue.record("expected a DataError; nothing was thrown")
    } catch let error as DataError {
        return error
    } catch {
        Issue.record("expected a DataError; got \(error)")
    }
    return nil
}

/// ``dataError(_:)`` for an `async` call.
func dataError(_ body: () async throws -> some Any) async -> DataError? {
    do {
        _ = try await body()
        Issue.record("expected a DataError; nothing was thrown")
    } catch let error as DataError {
        return error
    } catch {
        Issue.record("expected a DataError; got \(error)")
    }
    return nil
}
