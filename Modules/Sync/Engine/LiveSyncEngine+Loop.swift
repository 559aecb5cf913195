import Foundation
import Logging
import StrataCrossCutting
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataWire
import Synchronization

/// The background loop: push when changes wait, pull on each type's auto-refresh interval,
/// keep the device registered, apply the server's log level and upload logs.
extension LiveSyncEngine {
    func start() {
        guard let client, isWritable else { return }
        loop.withLock { task in
            guard task == nil else { return }
            task = Task { [weak self] in await self?.run(client: client) }
        }
    }

    func stop() {
        loop.withLock { task in
            task?.cancel()
            task = nil
        }
    }

    private func run(client: SyncClient) async {
        let configuration = client.configuration
        var failures = 0
        while !Task.isCancelled {
            do {
                try await gate.run { try await tick(client: client) }
                failures = 0
                try await sleep(configuration.pollInterval)
            } catch is CancellationError {
                return
            } catch {
                failures += 1
                let delay = max(backoff.delay(afterFailures: failures), configuration.pollInterval)
                logger.warning("background sync failed; backing off", metadata: ["delay": "\(delay)", "error": "\(readable(error))"])
                do { try await sleep(delay) } catch { return }
            }
        }
    }

    /// One round of the loop's work, for whoever is signed in (nothing when nobody is).
    func tick(client: SyncClient) async throws {
        guard let info = try await session.current() else { return }
        var report = SyncReport(pushed: 0, rejected: 0, pulled: [:], keptLocal: 0, startedAt: clock.now(), finishedAt: clock.now())
        let now = clock.now()
        do {
            var synced = false
            if try await journal.pendingCount() > 0 {
                try await push(as: info, client: client, report: &report)
                synced = true
            }
            for type in try await state.syncedTypes() {
                guard let interval = type.refreshInterval, isDue("pull.\(type.name)", every: interval, now: now) else { continue }
                try await pull(type.name, as: info, client: client, report: &report)
                schedule.withLock { $0["pull.\(type.name)"] = now }
                synced = true
            }
            if try await state.value(.deviceRegistered(for: info.userID)) == nil {
                try await registerDeviceAndPublish(info)
            }
            if isDue("logs", every: client.configuration.logUploadInterval, now: now) {
                try await uploadLogs(as: info, client: client)
                schedule.withLock { $0["logs"] = now }
            }
            if synced { try await recordSuccess() }
        } catch let failure as SyncFailure {
            _ = await removeOthersDataIfRevoked(failure)
            try? await recordFailure(failure, doing: "sync in the background")
            throw failure
        } catch let error as RetriesExhausted {
            try? await recordFailure(error.failure, doing: error.doing)
            throw error
        }
    }

    /// Registers this device for push messages (after a login, and by the loop until it works);
    /// returns the device id. Callers go through ``registerDeviceAndPublish(_:)``.
    @discardableResult
    func registerDevice(_ info: AuthInfo) async throws -> String {
        guard let client else { throw SyncError(.offline, "cannot register this device: \(Self.offlineMessage)") }
        let deviceID = try await self.deviceID(for: info.userID)
        try await client.registerDevice(DeviceRegistration(deviceId: deviceID, name: client.configuration.deviceName), token: info.token)
        try await state.set([.deviceRegistered(for: info.userID): "1"])
        return deviceID
    }

    /// The configured device id, or the one made once for `userID` and kept in the store (the
    /// server refuses to move a device to another user, so each user of a shared store has one).
    func deviceID(for userID: String) async throws -> String {
        if let configured = configuration?.deviceID { return configured }
        if let kept = try await state.value(.deviceID(for: userID)) { return kept }
        let made = UUID().uuidString.lowercased()
        try await state.set([.deviceID(for: userID): made])
        return made
    }

    /// Applies the server's log level, then uploads and removes the kept entries it allows.
    func uploadLogs(as info: AuthInfo, client: SyncClient) async throws {
        let config = try await client.config(token: info.token)
        guard let level = LogCollectionLevel(name: config.logLevel) else {
            throw SyncFailure.malformed("unknown log level '\(config.logLevel)'; expected none, error or monitor")
        }
        if try await diagnostics.collectionLevel() != level { try await diagnostics.setCollectionLevel(level) }
        guard level != .none else { return }
        let entries = try await diagnostics.entries(limit: 500).filter { $0.level <= level }
        guard let last = entries.last else { return }
        let upload = LogUpload(entries: entries.map { entry in
            WireLogEntry(
                level: entry.level == .monitor ? "monitor" : "error", message: entry.message, metadata: entry.metadata,
                loggedAt: entry.loggedAt)
        })
        try await client.uploadLogs(upload, token: info.token)
        try await diagnostics.removeEntries(through: last.sequence)
    }

    private func isDue(_ key: String, every interval: Double, now: Date) -> Bool {
        guard let last = schedule.withLock({ $0[key] }) else { return true }
        return now.timeIntervalSince(last) >= interval
    }
}

extension LogCollectionLevel {
    /// The level the server names: `none`, `error` or `monitor`.
    init?(name: String) {
        switch name.lowercased() {
        case "none": self = .none
        case "error": self = .error
        case "monitor": self = .monitor
        default: return nil
        }
    }
}
