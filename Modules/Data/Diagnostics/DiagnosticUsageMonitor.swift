import Logging
import StrataCrossCutting
import StrataJournal
import StrataMaintenance
import StrataSession

/// The live ``UsageMonitor``: each report one `DiagnosticLog` entry whose message is the
/// event kind (or the failure's text) and whose metadata says who, where and which version.
struct DiagnosticUsageMonitor: UsageMonitor {
    let log: any DiagnosticLog
    let session: any SessionStore
    let syncState: any SyncStateStore
    let appVersion: String
    let deviceID: String?
    let logger: Logger

    func record(_ event: UsageEvent) async {
        do {
            var metadata = try await identity()
            metadata[UsageMetadataKey.kind] = event.kind.rawValue
            if !event.subject.isEmpty { metadata[UsageMetadataKey.subject] = event.subject }
            try await log.logMonitor(event.kind.rawValue, metadata: metadata)
        } catch {
            logger.debug("usage event not kept", metadata: ["kind": "\(event.kind)", "error": "\(error)"])
        }
    }

    func recordFailure(_ message: String, source: String) async {
        do {
            var metadata = try await identity()
            metadata[UsageMetadataKey.kind] = "error"
            metadata[UsageMetadataKey.source] = source
            try await log.logError(message, metadata: metadata)
        } catch {
            logger.debug("failure report not kept", metadata: ["source": "\(source)", "error": "\(error)"])
        }
    }

    /// The user, device and app version now.
    private func identity() async throws -> [String: String] {
        let user = try await session.current()?.userID ?? ""
        var device = deviceID ?? ""
        if device.isEmpty, !user.isEmpty { device = try await syncState.value(.deviceID(for: user)) ?? "" }
        return [UsageMetadataKey.user: user, UsageMetadataKey.device: device, UsageMetadataKey.appVersion: appVersion]
    }
}
