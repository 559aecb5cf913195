import StrataCrossCutting
import StrataJournal
import StrataStore

/// Finds and settles an open conflict by its id or an unambiguous start of it, for
/// `sync conflicts keep-mine|keep-theirs` and the Account screen.
enum ConflictLookup {
    /// The open conflict whose id is `id` or starts with it (only one may), a start of at least
    /// ``IdStart/shortestConflictStart`` characters: the one rule for `sync conflicts
    /// keep-mine|keep-theirs` and the Account screen.
    ///
    /// - Throws: `DataError` `notFound` naming `id` when it is too short, or none or several match.
    static func find(_ id: String, in store: any SyncConflictStore) async throws -> SyncConflict {
        let open = try await store.conflicts()
        switch IdStart.find(id, in: open, shortest: IdStart.shortestConflictStart, id: \.id) {
        case .found(let conflict):
            return conflict
        case .tooShort(let shortest):
            let name = localized("the conflict id", ja: "競合の ID")
            throw DataError(
                .notFound,
                localized(
                    "\(name) '\(id)' is too short; give the whole id or at least \(shortest) characters of it, "
                        + "as 'strata-host sync conflicts' lists it",
                    ja: "\(name) '\(id)' が短すぎます。'strata-host sync conflicts' が表示する ID の全体か、"
                        + "先頭 \(shortest) 文字以上を指定してください"))
        case .ambiguous(let count):
            throw DataError(
                .notFound,
                localized(
                    "'\(id)' starts \(count) conflicts' ids; give more of the id",
                    ja: "'\(id)' で始まる競合が \(count) 件あります。ID をもっと長く指定してください"))
        case .noMatch:
            throw DataError(
                .notFound,
                localized(
                    "no open conflict has the id '\(id)' (\(open.count) open \(open.count == 1 ? "conflict" : "conflicts"); "
                        + "'strata-host sync conflicts' lists them)",
                    ja: "ID '\(id)' の競合はありません（未解決の競合は \(open.count) 件。'strata-host sync conflicts' で一覧できます）"))
        }
    }

    /// Settles the conflict `id` names: this device's values (`keepMine`) or the server's.
    /// Returns the conflict as it was before.
    static func resolve(_ id: String, keepMine: Bool, in store: any SyncConflictStore) async throws -> SyncConflict {
        let conflict = try await find(id, in: store)
        try await store.resolve(conflict.id, keepMine ? .keepMine : .keepTheirs)
        return conflict
    }
}
