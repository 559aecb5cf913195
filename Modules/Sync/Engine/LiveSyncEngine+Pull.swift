import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataWire
import Synchronization

/// Pulling a type since its cursor (see ``SyncEngine``: pull).
extension LiveSyncEngine {
    /// Pulls `typeName` page by page; each page and the new cursor are written in one transaction.
    func pull(_ typeName: String, as info: AuthInfo, client: SyncClient, report: inout SyncReport) async throws {
        var cursor = Int64(try await state.value(.cursor(typeName)) ?? "") ?? 0
        let limit = client.configuration.pullPageSize
        while true {
            let page = try await withRetries(doing: "pull \(typeName)") { () async throws(SyncFailure) in
                try await client.pull(typeName, since: cursor, limit: limit, token: info.token)
            }
            let outcome = try await state.applyPulled(page, typeName: typeName)
            report.pulled[typeName, default: 0] += outcome.written
            report.keptLocal += outcome.keptLocal
            let advanced = page.cursor > cursor
            cursor = page.cursor
            // A page that does not move the cursor cannot lead anywhere new.
            guard page.hasMore, advanced else { return }
        }
    }
}
