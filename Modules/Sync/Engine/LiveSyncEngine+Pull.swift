import Foundation
import Logging
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataStore
import StrataWire
import Synchronization

/// Pulling a type since its cursor (see ``SyncEngine``: pull).
extension LiveSyncEngine {
    /// Pulls `typeName` page by page (each page and the new cursor are written in one
    /// transaction), then fetches again, one by one, the objects whose changes were discarded.
    /// On a client reset (``ServerReset/needed(knownEpoch:cursor:page:)``) the pull starts from
    /// 0; the user's objects the re-pull did not return (queued again as inserts) and those it
    /// returned with other values than the local ones (queued again as updates) are pushed.
    /// On a revocation (``Revocation/needed(known:page:)``: the user's groups changed) the pull
    /// starts from 0 too, and others' objects the re-pull did not return are removed.
    func pull(_ typeName: String, as info: AuthInfo, client: SyncClient, report: inout SyncReport) async throws {
        let resentBefore = report.serverReset?.resent ?? 0
        try await pullPages(typeName, as: info, client: client, report: &report)
        try await refetchDiscarded(typeName, as: info, client: client, report: &report)
        // A client reset queued what the restored server lost: it is sent by this sync.
        if (report.serverReset?.resent ?? 0) > resentBefore { try await push(as: info, client: client, report: &report) }
    }

    /// The pages of `typeName` since its cursor.
    ///
    /// The next page is requested while the one before is written (its request needs only that
    /// page's cursor), so the server's work and the network overlap the store's. Pages are still
    /// written one at a time, in cursor order; when writing one fails, the pull ends there and the
    /// page fetched meanwhile is dropped (it is pulled again from the stored cursor next time).
    ///
    /// The type is pulled at its ``SyncedType/pullScope`` (its auto-refresh scope). The cursor
    /// belongs to that scope: when the scope differs from the one the stored cursor was reached
    /// at (an app that changed its ``AutoRefresh/scope``), the pull starts again from 0.
    private func pullPages(_ typeName: String, as info: AuthInfo, client: SyncClient, report: inout SyncReport) async throws {
        let scope = PullScope(try await state.syncedTypes().first { $0.name == typeName }?.pullScope ?? .all)
        if (try await state.value(.pullScope(typeName))).flatMap(PullScope.init(rawValue:)) ?? .all != scope {
            try await state.set([.cursor(typeName): nil, .pullScope(typeName): scope.rawValue])
        }
        var cursor = Int64(try await state.value(.cursor(typeName)) ?? "") ?? 0
        let limit = client.configuration.pullPageSize
        let fetch = { @Sendable (since: Int64) async throws -> PullResponse in
            try await self.withRetries(doing: "pull \(typeName)") { () async throws(SyncFailure) in
                try await client.pull(typeName, since: since, limit: limit, scope: scope, token: info.token)
            }
        }
        var page = try await fetch(cursor)
        let known = try await state.value(.serverEpoch(typeName))
        // A client reset (ServerReset): the server's history is not the one the cursor was reached on.
        let reset = ServerReset.needed(knownEpoch: known, cursor: cursor, page: page)
        // A revocation (Revocation): the user may see less than when the cursor was reached.
        let knownVisibility = try await state.value(.visibility(typeName))
        let revoked = Revocation.needed(known: knownVisibility, page: page)
        var present: Set<String> = []
        var resent = 0
        if reset || revoked {
            cursor = 0
            try await state.set([.cursor(typeName): nil])
            page = try await fetch(0)
        }
        let state = self.state
        // Three pages move at once: while one is written, the next is prepared (its encrypted
        // keys sealed, off the store's lane) and the one after it is fetched. Each is written
        // in turn, in cursor order, as before.
        var prepared = try await state.preparePulled(page, typeName: typeName)
        var lookahead: PullResponse?
        while true {
            if reset || revoked { present.formUnion(page.objects.lazy.filter { !$0.deleted }.map(\.objectId)) }
            if reset {
                // The user's edits made after the backup: kept and sent, not overwritten by the page.
                resent += try await state.requeueChanged(page.objects, typeName: typeName, ownerUser: info.userID)
            }
            let following = Self.following(page, fetchedAt: cursor)
            let fetched = lookahead
            async let upcoming: (next: PreparedPullPage, after: PullResponse?)? = {
                guard let following else { return nil }
                let next = if let fetched { fetched } else { try await fetch(following) }
                async let after: PullResponse? = {
                    guard let further = Self.following(next, fetchedAt: following) else { return nil }
                    return try await fetch(further)
                }()
                return (try await state.preparePulled(next, typeName: typeName), try await after)
            }()
            // The page's rows, this device's writes another user's concurrent write replaced (the
            // page holds theirs) and the cursor: one transaction.
            let outcome = try await state.applyPulled(prepared)
            report.pulled[typeName, default: 0] += outcome.written
            report.keptLocal += outcome.keptLocal
            report.conflicts += outcome.conflicts
            cursor = page.cursor
            guard let (next, after) = try await upcoming else { break }
            prepared = next
            page = next.page
            lookahead = after
        }
        if reset {
            resent += try await state.requeueMissing(typeName, present: present, ownerUser: info.userID)
            report.serverReset = ServerReset(
                repulled: (report.serverReset?.repulled ?? 0) + present.count, resent: (report.serverReset?.resent ?? 0) + resent)
        }
        if let epoch = page.epoch, epoch != known { try await state.set([.serverEpoch(typeName): epoch]) }
        // Others' objects the re-pull did not return are no longer this user's to hold: after a
        // revocation the user may not see them; after a restore the server lost them, and their
        // owners' devices send them again (then a pull brings them back) unless their owners
        // deleted them meanwhile, so a device that kept them would hold them for good.
        if reset || revoked, let pruning = state as? any SyncStatePruning {
            let outcome = try await pruning.prune(typeName, present: present, ownerUser: info.userID)
            if outcome.removed > 0 {
                if revoked {
                    report.revocation = Revocation(
                        removed: (report.revocation?.removed ?? 0) + outcome.removed,
                        rejected: (report.revocation?.rejected ?? 0) + outcome.rejected)
                } else {
                    report.serverReset?.removed += outcome.removed
                }
                report.rejected += outcome.rejected
            }
        }
        if let visibility = page.visibility, visibility != knownVisibility { try await state.set([.visibility(typeName): visibility]) }
    }

    /// The cursor to fetch the page after `page` at (`page` was fetched at `cursor`), or `nil`
    /// when there is none: the server has no more, or `page` did not move the cursor (then it
    /// cannot lead anywhere new).
    private static func following(_ page: PullResponse, fetchedAt cursor: Int64) -> Int64? {
        page.hasMore && page.cursor > cursor ? page.cursor : nil
    }

    /// Restores the server's version of each object a discarded change named
    /// (``SyncStateStore/refetchRequests(_:)``): the pull cursor is already past it, so the
    /// object is asked for by id (`GET /v1/objects/{type}/{id}`); a 404 (the server has no
    /// such object for this user) deletes the local row. Written a few at a time, each set
    /// with its refetch marks removed in one transaction.
    private func refetchDiscarded(_ typeName: String, as info: AuthInfo, client: SyncClient, report: inout SyncReport) async throws {
        let wanted = try await state.refetchRequests(typeName)
        var start = 0
        while start < wanted.count {
            let ids = wanted[start..<min(start + 50, wanted.count)]
            start += ids.count
            var found: [WireObject] = []
            var missing: [String] = []
            for id in ids {
                let object = try await withRetries(doing: "fetch \(typeName) \(id)") { () async throws(SyncFailure) in
                    try await client.refetch(typeName, objectID: id, token: info.token)
                }
                if let object { found.append(object) } else { missing.append(id) }
            }
            let outcome = try await state.applyRefetched(found, missing: missing, typeName: typeName)
            report.pulled[typeName, default: 0] += outcome.written
            report.keptLocal += outcome.keptLocal
        }
    }
}

extension PullScope {
    /// The pull scope of a type's ``AutoRefresh/scope``.
    init(_ scope: DataScope) {
        switch scope {
        case .user: self = .user
        case .group: self = .group
        case .all: self = .all
        }
    }
}

extension SyncStateKey {
    /// The scope the type's stored cursor was reached at (``PullScope`` name; none: `all`).
    static func pullScope(_ typeName: String) -> SyncStateKey { SyncStateKey(rawValue: "sync.pullScope.\(typeName)") }
    /// The server epoch the type's cursor was reached on (``PullResponse/epoch``).
    static func serverEpoch(_ typeName: String) -> SyncStateKey { SyncStateKey(rawValue: "sync.epoch.\(typeName)") }
}
