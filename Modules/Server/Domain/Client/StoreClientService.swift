import Foundation
import Logging
import StrataCrossCutting
import StrataServerData
import StrataWire

/// The ``ClientService`` over the control store and the app's object store.
struct StoreClientService: ClientService {
    let data: any ServerDataLayer
    let clock: any StrataClock
    let settings: ServerSettings
    let logger: Logger
    /// Wakes waiting polls; ended when the server shuts down.
    let arrivals: PushArrivals

    /// The log levels, from collecting nothing to collecting most.
    static let logLevels = ["none", "error", "monitor"]

    func config(session: ServerSession) async throws -> AppConfig {
        AppConfig(logLevel: try await app(session).logLevel)
    }

    func uploadLogs(_ upload: LogUpload, session: ServerSession) async throws -> Int {
        guard upload.entries.count <= 1000 else {
            throw ServerError(.badRequest, "a log upload may carry at most 1000 entries, not \(upload.entries.count)")
        }
        for entry in upload.entries where !["error", "monitor"].contains(entry.level) {
            throw ServerError(.badRequest, "log level '\(entry.level.prefix(40))' is unknown; expected error or monitor")
        }
        let collected = Self.logLevels.firstIndex(of: try await app(session).logLevel) ?? 0
        let kept = upload.entries.filter { (Self.logLevels.firstIndex(of: $0.level) ?? 99) <= collected }
        let now = clock.now()
        let metadataEncoder = WireCoding.encoder()
        let stored = try kept.map { entry in
            StoredLogEntry(
                // A log line is kept whole: U+0000 (which SQLite would cut at) becomes U+FFFD.
                userId: session.userId, level: entry.level, message: entry.message.replacing("\u{0}", with: "\u{FFFD}"),
                metadataJSON: String(decoding: try metadataEncoder.encode(entry.metadata), as: UTF8.self),
                loggedAt: entry.loggedAt, receivedAt: now, deviceId: Self.column(entry.metadata[UsageMetadataKey.device]),
                kind: Self.column(entry.metadata[UsageMetadataKey.kind]))
        }
        if !stored.isEmpty {
            try await ServerError.mapping {
                try await data.appStore(appId: session.appId, version: session.appVersion).appendLogs(stored)
            }
        }
        return stored.count
    }

    func registerDevice(_ registration: DeviceRegistration, session: ServerSession) async throws {
        if registration.deviceId.isEmpty || registration.deviceId.count > 128 {
            throw ServerError(.badRequest, "deviceId must be 1–128 characters")
        }
        try TextRules.checkName(registration.deviceId, field: "deviceId")
        // One identity for ids, as for object ids: NFC, compared byte for byte (``ChangeRules/composedProblem(_:_:)``).
        if let problem = ChangeRules.composedProblem(registration.deviceId, "deviceId") { throw ServerError(.badRequest, problem) }
        try TextRules.checkFreeText(registration.name, field: "name")
        guard registration.name.count <= 200 else { throw ServerError(.badRequest, "name must be at most 200 characters") }
        try await ServerError.mapping {
            if let existing = try await data.control.device(
                appId: session.appId, version: session.appVersion, deviceId: registration.deviceId),
                existing.userId != session.userId || existing.revokedAt != nil
            {
                if existing.revokedAt != nil {
                    throw ServerError(
                        .conflict, "device \(registration.deviceId) was revoked by an administrator; it cannot be registered again")
                }
                throw ServerError(.conflict, "device \(registration.deviceId) is registered by another user")
            }
            try await data.control.registerDevice(
                DeviceRecord(
                    appId: session.appId, appVersion: session.appVersion, deviceId: registration.deviceId,
                    userId: session.userId, name: registration.name, registeredAt: clock.now()))
        }
    }

    func poll(deviceId: String, after: Int64, wait: Double, session: ServerSession) async throws -> PushPoll {
        guard after >= 0 else { throw ServerError(.badRequest, "after must be 0 or more, not \(after)") }
        guard wait >= 0, wait <= settings.maxPollWait else {
            throw ServerError(.badRequest, "wait must be 0–\(Int(settings.maxPollWait)) seconds, not \(wait)")
        }
        let device = try await ServerError.mapping {
            try await data.control.device(appId: session.appId, version: session.appVersion, deviceId: deviceId)
        }
        guard let device, device.userId == session.userId else {
            throw ServerError(.notFound, "no device \(deviceId.prefix(128)) registered by this user")
        }
        guard device.revokedAt == nil else {
            throw ServerError(.notFound, "device \(deviceId.prefix(128)) was revoked by an administrator; it receives no push messages")
        }
        logger.debug(
            "poll waiting", metadata: ["device": "\(deviceId.prefix(128))", "after": "\(after)", "wait": "\(wait)"])
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(wait * 1000)))
        let channel = PushChannel(appId: device.appId, appVersion: device.appVersion, deviceId: device.deviceId)
        while true {
            // Registered before the read: a message stored from now on wakes the wait below.
            let waiter = arrivals.register(channel, token: session.tokenHash)
            defer { arrivals.unregister(waiter) }
            var mark: Int64 = 0
            if wait > 0 { mark = try await ServerError.mapping { try await data.control.latestPushSequence() } }
            let messages = try await ServerError.mapping {
                try await data.control.pushMessages(
                    appId: device.appId, version: device.appVersion, deviceId: device.deviceId, after: after, limit: 100)
            }
            // Data this user can see changed since the last answer: the device pulls those types.
            let changed = arrivals.takeChanges(for: session)
            // Ended waits (the server is shutting down) answer what there is, as an expired wait does.
            if !messages.isEmpty || changed != nil || ContinuousClock.now >= deadline || arrivals.ended {
                arrivals.seen(token: session.tokenHash)
                return PushPoll(
                    messages: messages.map {
                        PushMessage(sequence: $0.sequence, id: $0.id, title: $0.title, body: $0.body, sentAt: $0.sentAt)
                    },
                    cursor: messages.last?.sequence ?? after, changed: changed)
            }
            try Task.checkCancellation()
            let arrived = await arrivals.wait(waiter, after: mark, until: deadline)
            try Task.checkCancellation()
            // An expired or ended wait answers as the read before it did: nothing, the cursor asked.
            if !arrived {
                arrivals.seen(token: session.tokenHash)
                return PushPoll(messages: [], cursor: after)
            }
        }
    }

    func endWaits() {
        logger.debug("ending every waiting poll")
        arrivals.endAll()
    }

    /// A metadata value kept in a column of its own (the device, the kind): at most 128
    /// characters, U+0000 replaced, empty when not given; the metadata keeps it whole.
    static func column(_ value: String?) -> String {
        String((value ?? "").prefix(128)).replacing("\u{0}", with: "\u{FFFD}")
    }

    private func app(_ session: ServerSession) async throws -> AppRecord {
        guard
            let app = try await ServerError.mapping({
                try await data.control.app(id: session.appId, version: session.appVersion)
            })
        else { throw ServerError(.notFound, "app \(session.appId) version \(session.appVersion) no longer exists") }
        return app
    }
}
