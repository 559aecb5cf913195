import Foundation
import Logging
import StrataCrossCutting
import StrataServerData
import StrataWire

/// The ``ObjectService`` over one object store per app version.
struct StoreObjectService: ObjectService {
    let data: any ServerDataLayer
    let settings: ServerSettings
    let logger: Logger
    /// The push and pull counters.
    let metrics = SyncMetrics()
    /// Wakes the devices that can see a push's changes once it committed (``DataWake``).
    var arrivals: PushArrivals?
    /// The time overwrite notices are recorded at (and pruned by).
    var clock: any StrataClock = SystemClock()

    func push(_ request: PushRequest, session: ServerSession) async throws -> PushResponse {
        guard request.changes.count <= settings.maxChangesPerPush else {
            // 413 like an oversized body: a client halves its batch and sends again.
            throw ServerError(
                .tooLarge, "a push may carry at most \(settings.maxChangesPerPush) changes, not \(request.changes.count)")
        }
        let visibility = Self.visibility(session)
        let (results, places) = try await ServerError.mapping {
            let caller = try await AccessCaller.of(session, in: data.control)  // who may write what (AccessRules)
            let store = try await data.appStore(appId: session.appId, version: session.appVersion)
            // Notices go only to users who can see their object (NoticeAudience): a try that
            // needs a group's members not yet read rolls back, and the push is applied again
            // with them. Twice at most; a third try tells nobody of a group still unknown.
            var members: [String: Set<String>] = [:]
            for _ in 0..<2 {
                let audience = NoticeAudience(members: members, notesMissing: true)
                do {
                    return try await apply(
                        request, store: store, caller: caller, visibility: visibility, audience: audience, session: session)
                } catch {
                    let missing = audience.missingGroups
                    guard !missing.isEmpty else { throw error }
                    for group in missing { members[group] = Set(try await data.control.memberIds(groupId: group)) }
                }
            }
            let audience = NoticeAudience(members: members, notesMissing: false)
            return try await apply(request, store: store, caller: caller, visibility: visibility, audience: audience, session: session)
        }
        let named = try await Self.namingAccounts(results, in: data)
        if !places.isEmpty, let arrivals { await wake(arrivals, places: places, session: session) }
        logger.debug("push", metadata: ["user": "\(session.userId)", "changes": "\(request.changes.count)"])
        metrics.record(named)
        return PushResponse(results: named)
    }

    /// Applies the changes of `request` in one write transaction of `store`: each change's
    /// result, and the places the applied ones had their effect in (for the live-change wake).
    /// Fails, rolling everything back, when a notice needs a group `audience` does not know
    /// (it throws ``NoticeAudience/Incomplete``, which the store may wrap; the push then reads
    /// ``NoticeAudience/missingGroups``).
    private func apply(
        _ request: PushRequest, store: any AppObjectStore, caller: AccessCaller, visibility: ObjectVisibility,
        audience: NoticeAudience, session: ServerSession
    ) async throws -> (results: [ChangeResult], places: Set<DataWake.Place>) {
        try await store.write { transaction in
            // What the changes will look up one by one, in one query each.
            var objectIds: [String: [String]] = [:]
            for change in request.changes where change.operation != "deleteAll" {
                objectIds[change.typeName, default: []].append(change.objectId)
            }
            try await transaction.prefetch(
                operationIds: request.changes.map(\.operationId), userId: session.userId, objectIds: objectIds)
            let applier = ChangeApplier(
                transaction: transaction, session: session, visibility: visibility, caller: caller,
                leadPostedTypes: settings.leadPostedTypes, conflictPolicies: settings.conflictPolicies, now: clock.now(),
                audience: audience)
            var places: Set<DataWake.Place> = []
            var results: [ChangeResult] = []
            results.reserveCapacity(request.changes.count)
            for (index, change) in request.changes.enumerated() {
                // The object as the change read it before writing (prefetched above): its old
                // place counts too. A change rejected as malformed reads nothing.
                let (result, before, cascaded) = try await applier.applied(change, index: index)
                if result.status == "applied" { places.formUnion(Self.places(of: change, before: before, session: session)) }
                // The objects deleted with it (a deleted report's follow-ups) changed in their places.
                for object in cascaded {
                    places.insert(
                        DataWake.Place(
                            typeName: object.typeName, scope: object.scope, ownerUser: object.ownerUser, ownerGroup: object.ownerGroup))
                }
                results.append(result)
            }
            if !audience.missingGroups.isEmpty { throw NoticeAudience.Incomplete() }
            return (results, places)
        }
    }

    func pull(typeName: String, since: Int64, limit: Int, scope: PullScope, session: ServerSession) async throws
        -> PullResponse
    {
        if let problem = ChangeRules.typeNameProblem(typeName) { throw ServerError(.badRequest, problem) }
        guard since >= 0 else { throw ServerError(.badRequest, "since must be 0 or more, not \(since)") }
        guard limit >= 1 else { throw ServerError(.badRequest, "limit must be 1 or more, not \(limit)") }
        let pageSize = min(limit, settings.maxPullLimit)
        // The epoch and the head are read before the page: a head read after it could pass a
        // cursor the page moved to, never the reverse (see ``PullResponse/head``).
        let visibility = QueryRules.pullVisibility(Self.visibility(session), at: scope)
        let (found, epoch, head) = try await ServerError.mapping {
            let store = try await data.appStore(appId: session.appId, version: session.appVersion)
            let epoch = try await data.epoch()
            let head = try await store.head()
            let found = try await store.changes(typeName: typeName, since: since, limit: pageSize + 1, visibility: visibility)
            return (found, epoch, head)
        }
        var page = Array(found.prefix(pageSize))
        var cursor = page.last?.version ?? since
        var hasMore = found.count > pageSize
        let answerHead = max(head, page.last?.version ?? 0)
        let (overwritten, cut) = try await overwrites(
            typeName: typeName, since: since, through: hasMore ? cursor : answerHead, visibility: visibility, session: session)
        if let cut {
            // Too many notices for one answer: the page ends at the last one's version, and the
            // next page carries on after it (nothing lost, nothing told twice).
            page.removeAll { $0.version > cut }
            cursor = cut
            hasMore = true
        }
        metrics.recordPullPage()
        return PullResponse(
            objects: page.map(Self.wire), cursor: cursor, hasMore: hasMore, epoch: epoch, head: answerHead,
            visibility: Self.fingerprint(visibility), overwritten: overwritten.isEmpty ? nil : overwritten)
    }

    /// The caller's overwrite notices of `typeName` in the history window a pull page covers
    /// (after `since`, up to `through`: the page's cursor while more pages follow, else the
    /// head), for the objects `visibility` sees, each naming the account whose write replaced
    /// the caller's (a deleted user's: `(deleted user)`). At most
    /// ``ServerSettings/maxOverwritesPerPull`` notices and about
    /// ``ServerSettings/maxOverwriteBytesPerPull`` bytes of them: when there are more, the
    /// notices end with a whole version's and `cut` is that version (the page must end there).
    func overwrites(typeName: String, since: Int64, through: Int64, visibility: ObjectVisibility, session: ServerSession)
        async throws -> (notices: [WireOverwrite], cut: Int64?)
    {
        try await ServerError.mapping {
            let store = try await data.appStore(appId: session.appId, version: session.appVersion)
            let notices = try await store.overwrites(
                typeName: typeName, userId: session.userId, since: since, through: through, visibility: visibility,
                limit: settings.maxOverwritesPerPull + 1)
            guard !notices.isEmpty else { return ([], nil) }
            let accounts = try await data.control.accounts(userIds: notices.map(\.byUser))
            let wire = notices.map { notice in
                WireOverwrite(
                    objectId: notice.objectId, version: notice.version, operationId: notice.operationId, fields: notice.fields,
                    yours: notice.yours, theirs: notice.theirs, byAccount: accounts[notice.byUser] ?? "(deleted user)")
            }
            return Self.bounded(wire, count: settings.maxOverwritesPerPull, bytes: settings.maxOverwriteBytesPerPull)
        }
    }

    /// `notices` (by version) cut to at most `count` and about `bytes` (as JSON), ending with a
    /// whole version's: `cut` is the last kept version when some were left out. The first
    /// version's are always kept, so a page always moves on.
    static func bounded(_ notices: [WireOverwrite], count: Int, bytes: Int) -> (notices: [WireOverwrite], cut: Int64?) {
        let encoder = WireCoding.encoder()
        var size = 0
        for (index, notice) in notices.enumerated() {
            size += (try? encoder.encode(notice).count) ?? 0
            guard index >= count || (size > bytes && index > 0) else { continue }
            // notices[index] does not fit: end with the last version wholly before it.
            let kept = notices[..<index].filter { $0.version < notice.version }
            if let last = kept.last { return (kept, last.version) }
            let first = notices.filter { $0.version == notice.version }
            return (first, notice.version)
        }
        return (notices, nil)
    }

    /// `results` with each refused change's ``ChangeResult/byAccount`` (a user id as the
    /// applier leaves it) turned into that user's account name (`(deleted user)` when gone).
    static func namingAccounts(_ results: [ChangeResult], in data: any ServerDataLayer) async throws -> [ChangeResult] {
        let userIds = results.compactMap(\.byAccount)
        guard !userIds.isEmpty else { return results }
        let accounts = try await ServerError.mapping { try await data.control.accounts(userIds: userIds) }
        return results.map { result in
            var result = result
            result.byAccount = result.byAccount.map { accounts[$0] ?? "(deleted user)" }
            return result
        }
    }

    /// The pull answer's ``PullResponse/visibility``: a digest of the groups whose group-scope
    /// objects reach the pull (none at scope `user`), read afresh at each request with the
    /// session's memberships. Removing the caller from a group, or deleting the group, changes
    /// it, and the device then re-pulls and drops what it no longer sees (a revocation);
    /// adding one changes it too, which costs that device one re-pull and removes nothing.
    static func fingerprint(_ visibility: ObjectVisibility) -> String {
        let groups = visibility.widestScope >= 2 ? Set(visibility.groupIds).sorted() : []
        return String(Secrets.sha256Hex("groups\n" + groups.joined(separator: "\n")).prefix(32))
    }

    func fetch(typeName: String, objectId: String, session: ServerSession) async throws -> WireObject {
        if let problem = ChangeRules.typeNameProblem(typeName) { throw ServerError(.badRequest, problem) }
        try TextRules.checkName(objectId, field: "objectId")
        // An id in another form than NFC is refused as a push refuses it (``ChangeRules/composedProblem(_:_:)``).
        if let problem = ChangeRules.composedProblem(objectId, "objectId") { throw ServerError(.badRequest, problem) }
        let store = try await ServerError.mapping { try await data.appStore(appId: session.appId, version: session.appVersion) }
        let object = try await ServerError.mapping { try await store.object(typeName: typeName, objectId: objectId) }
        // An object filed under a parent is seen only while its parent is (as a pull shows it).
        var parent: StoredObject?
        if let object, let parentType = object.parentType, let parentId = object.parentId {
            parent = try await ServerError.mapping { try await store.object(typeName: parentType, objectId: parentId) }
        }
        guard let object, !object.deleted, Self.visibility(session).canSee(object, parent: parent) else {
            throw ServerError(.notFound, "no \(typeName) with id \(objectId.prefix(128))")
        }
        return Self.wire(object)
    }

    /// Wakes this process's polls that can see `places`, and tells the other instances.
    private func wake(_ arrivals: PushArrivals, places: Set<DataWake.Place>, session: ServerSession) async {
        let wake = DataWake(
            appId: session.appId, appVersion: session.appVersion,
            places: places.sorted { ($0.typeName, $0.scope, $0.ownerUser) < ($1.typeName, $1.scope, $1.ownerUser) },
            pusher: DataWake.pusherKey(tokenHash: session.tokenHash), origin: arrivals.origin)
        arrivals.changed(wake)
        do {
            try await data.control.announce(wake)
        } catch {
            // The push is committed: other instances' devices get it at their next pull.
            logger.warning("cannot announce changed data to other instances", metadata: ["error": "\(error)"])
        }
    }

    /// Where an applied `change` had its effect: the object's place before it (if any) and
    /// after it; for `deleteAll`, every place the caller's objects of the type may be in.
    static func places(of change: WireChange, before: StoredObject?, session: ServerSession) -> [DataWake.Place] {
        let type = change.typeName
        if change.operation == "deleteAll" {
            return [DataWake.Place(typeName: type, scope: 1, ownerUser: session.userId, ownerGroup: nil)]
                + session.groups.map { DataWake.Place(typeName: type, scope: 2, ownerUser: session.userId, ownerGroup: $0.groupId) }
                + [DataWake.Place(typeName: type, scope: 3, ownerUser: session.userId, ownerGroup: nil)]
        }
        var places: [DataWake.Place] = []
        if let before {
            places.append(DataWake.Place(typeName: type, scope: before.scope, ownerUser: before.ownerUser, ownerGroup: before.ownerGroup))
        }
        if change.operation != "delete" {
            places.append(
                DataWake.Place(
                    typeName: type, scope: change.scope, ownerUser: before?.ownerUser ?? session.userId,
                    ownerGroup: before.map(\.ownerGroup) ?? ChangeApplier.newOwnerGroup(change, session: session)))
        }
        return places
    }

    static func visibility(_ session: ServerSession) -> ObjectVisibility {
        ObjectVisibility(userId: session.userId, groupIds: session.groups.map(\.groupId))
    }

    static func wire(_ object: StoredObject) -> WireObject {
        WireObject(
            objectId: object.objectId, values: object.values, scope: object.scope, ownerUser: object.ownerUser,
            ownerGroup: object.ownerGroup, deleted: object.deleted, version: object.version)
    }
}
