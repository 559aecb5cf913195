import Foundation
import StrataServerData
import StrataWire

/// The synced data as the admin console browses it (``AdminDataBrowsing``).
extension StoreAdminService {
    func objectTypes(appId: String, version: String) async throws -> [AdminObjectType] {
        try await ServerError.mapping {
            try await registeredStore(appId: appId, version: version).typeCounts().map {
                AdminObjectType(typeName: $0.typeName, live: $0.live, deleted: $0.deleted)
            }
        }
    }

    func objects(appId: String, version: String, typeName: String, search: String?, offset: Int, limit: Int) async throws
        -> AdminObjectPage
    {
        try Self.checkText(typeName, what: "type name")
        if let search { try Self.checkText(search, what: "search") }
        return try await ServerError.mapping {
            let store = try await registeredStore(appId: appId, version: version)
            let accounts = try await data.control.users().map { ($0.id, $0.account) }
            let ownerIds =
                search.map { text in accounts.filter { $0.1.lowercased().contains(text.lowercased()) }.map(\.0) } ?? []
            let page = try await store.browse(
                typeName: typeName, search: search, ownerIds: ownerIds, offset: max(offset, 0), limit: max(limit, 1))
            let names = Dictionary(accounts, uniquingKeysWith: { first, _ in first })
            let groups = try await groupNames()
            return AdminObjectPage(
                objects: page.objects.map { Self.adminObject($0, accounts: names, groups: groups) }, total: page.total,
                offset: max(offset, 0), limit: max(limit, 1))
        }
    }

    func objectHistory(appId: String, version: String, typeName: String, objectId: String) async throws
        -> AdminObjectHistory
    {
        try Self.checkText(typeName, what: "type name")
        try Self.checkText(objectId, what: "object id")
        return try await ServerError.mapping {
            let store = try await registeredStore(appId: appId, version: version)
            guard let stored = try await store.object(typeName: typeName, objectId: objectId) else {
                throw ServerError(.notFound, "no \(typeName) with id \(objectId) in \(appId) version \(version)")
            }
            let accounts = Dictionary(
                try await data.control.users().map { ($0.id, $0.account) }, uniquingKeysWith: { first, _ in first })
            let object = Self.adminObject(stored, accounts: accounts, groups: try await groupNames())
            var entries: [AdminHistoryEntry] = []
            if stored.deleted {
                entries.append(
                    AdminHistoryEntry(event: "deleted", version: stored.version, account: "", fields: [], detail: "", recordedAt: nil))
            }
            // The latest write of each field, one entry per write (version, user, operation).
            let writes = Dictionary(grouping: stored.writers) { $0.value }
            for (writer, fields) in writes {
                entries.append(
                    AdminHistoryEntry(
                        event: "written", version: writer.version, account: accounts[writer.userId] ?? "",
                        fields: fields.map(\.key).sorted(), detail: "", recordedAt: nil))
            }
            for narrowing in try await store.narrowings(typeName: typeName, objectId: objectId) {
                entries.append(
                    AdminHistoryEntry(
                        event: "scope narrowed", version: narrowing.version, account: accounts[narrowing.ownerUser] ?? "",
                        fields: [], detail: "from \(Self.scopeName(narrowing.previousScope))", recordedAt: nil))
            }
            for notice in try await store.overwrites(typeName: typeName, objectId: objectId) {
                entries.append(
                    AdminHistoryEntry(
                        event: "overwrote", version: notice.version, account: accounts[notice.byUser] ?? "",
                        fields: notice.fields.sorted(),
                        detail: "replaced a concurrent write of \(accounts[notice.userId] ?? notice.userId)",
                        recordedAt: notice.recordedAt))
            }
            let order = ["deleted": 0, "overwrote": 1, "written": 2, "scope narrowed": 3]
            entries.sort {
                ($0.version, order[$1.event] ?? 9, $1.account) > ($1.version, order[$0.event] ?? 9, $0.account)
            }
            return AdminObjectHistory(object: object, entries: entries)
        }
    }

    /// The store of a registered app version; `notFound` (and no database made) for any other.
    private func registeredStore(appId: String, version: String) async throws -> any AppObjectStore {
        try Self.checkText(appId, what: "app id")
        try Self.checkText(version, what: "app version")
        guard try await data.control.apps().contains(where: { $0.appId == appId && $0.version == version }) else {
            throw ServerError(.notFound, "no app \(appId) version \(version); see `admin app list`")
        }
        return try await data.appStore(appId: appId, version: version)
    }

    /// Every group's name by id.
    private func groupNames() async throws -> [String: String] {
        Dictionary(try await data.control.groups().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    private static func adminObject(_ object: StoredObject, accounts: [String: String], groups: [String: String])
        -> AdminObject
    {
        AdminObject(
            typeName: object.typeName, objectId: object.objectId, ownerUserId: object.ownerUser,
            owner: accounts[object.ownerUser] ?? "", ownerGroup: object.ownerGroup.map { groups[$0] ?? $0 } ?? "",
            scope: scopeName(object.scope), version: object.version, deleted: object.deleted,
            fields: object.values.sorted { $0.key < $1.key }.map { AdminField(name: $0.key, value: shown($0.value)) })
    }

    /// `user`, `group` or `all` for scope 1, 2 or 3.
    static func scopeName(_ scope: Int) -> String {
        switch scope {
        case 1: "user"
        case 2: "group"
        case 3: "all"
        default: "\(scope)"
        }
    }

    /// A value as text.
    static func shown(_ value: WireValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): text
        case .blob(let bytes): "base64:" + bytes.base64EncodedString()
        }
    }
}
