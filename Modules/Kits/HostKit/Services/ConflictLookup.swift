import StrataCrossCutting
import StrataData

/// Finds and settles an open conflict by its id or an unambiguous start of it, for
/// `sync conflicts keep-mine|keep-theirs` and the Account screen.
enum ConflictLookup {
    /// The open conflict whose id is `id` or starts with it (only one may).
    ///
    /// - Throws: `DataError` `notFound` naming `id` when none or several match.
    static func find(_ id: String, in store: any SyncConflictStore) async throws -> SyncConflict {
        let open = try await store.conflicts()
        if let exact = open.first(where: { $0.id == id }) { return exact }
        let matching = id.isEmpty ? [] : open.filter { $0.id.hasPrefix(id) }
        guard matching.count <= 1 else {
            throw DataError(
                .notFound,
                localized(
                    "'\(id)' starts \(matching.count) conflicts' ids; give more of the id",
                    ja: "'\(id)' で始まる競合が \(matching.count) 件あります。ID をもっと長く指定してください"))
        }
        guard let conflict = matching.first else {
            throw DataError(
                .notFound,
                localized(
                    "no open conflict has the id '\(id)' (\(open.count) open \(open.count == 1 ? "conflict" : "conflicts"); "
                        + "'strata-host sync conflicts' lists them)",
                    ja: "ID '\(id)' の競合はありません（未解決の競合は \(open.count) 件。'strata-host sync conflicts' で一覧できます）"))
        }
        return conflict
    }

    /// Settles the conflict `id` names: this device's values (`keepMine`) or the server's.
    /// Returns the conflict as it was before.
    static func resolve(_ id: String, keepMine: Bool, in store: any SyncConflictStore) async throws -> SyncConflict {
        let conflict = try await find(id, in: store)
        try await store.resolve(conflict.id, keepMine ? .keepMine : .keepTheirs)
        return conflict
    }
}
