import Foundation
import Logging
import StrataJournal
import StrataSession
import StrataWire

/// The device's push channel (see ``SyncEngine/receivePushMessages(wait:)``): a long poll
/// after the cursor kept in the store (``SyncStateStore``), as the signed-in user.
extension LiveSyncEngine {
    /// The longest server-side wait asked for, in seconds (the server allows 30).
    static let longestPushWait = 25.0

    func receivingPushMessages(wait: Double) async throws -> [PushedMessage] {
        let client = try requireClient(doing: "receive push messages")
        let info = try await signedIn()
        // Catching up (the first poll of this process, or the first after a failed one): a
        // poll that does not wait makes the server collect this device's changes from now on,
        // then every type is pulled once, so nothing committed before is missed.
        let catchingUp = livePulls.takeCatchUp()
        let wait = catchingUp ? 0 : Self.pushWait(wait, requestTimeout: client.configuration.requestTimeout)
        var answered = false
        defer { if !answered { livePulls.needCatchUp() } }
        do {
            if try await state.value(.deviceRegistered(for: info.userID)) == nil {
                try await registerDeviceAndPublish(info)
            }
            let device = try await deviceID(for: info.userID)
            let after = Int64(try await state.value(.pushCursor(device)) ?? "") ?? 0
            let asked = ContinuousClock.now
            let poll = try await client.pollPush(deviceID: device, after: after, wait: wait, token: info.token)
            answered = true
            // An empty answer well before the wait ended: the server is shutting down (it answers
            // every waiting poll so), and a restarted one has not collected this device's changes.
            if wait > 1, poll.messages.isEmpty, poll.changed == nil, ContinuousClock.now - asked < .seconds(wait - 1) {
                livePulls.needCatchUp()
            }
            // Data this user can see changed: pulled in the background (live changes).
            if catchingUp { pullChanged([]) } else if let changed = poll.changed { pullChanged(changed) }
            return poll.messages.filter { $0.sequence > after }.map {
                PushedMessage(sequence: $0.sequence, id: $0.id, title: $0.title, body: $0.body, sentAt: $0.sentAt)
            }
        } catch let failure as SyncFailure {
            if case .refused(404, _) = failure {
                // The server no longer knows the device (a reset server): register again next time.
                try? await state.set([.deviceRegistered(for: info.userID): nil])
            }
            throw failure.syncError(doing: "receive push messages", server: client.server)
        }
    }

    func acknowledgingPushMessages(through sequence: Int64) async throws {
        _ = try requireClient(doing: "acknowledge push messages")
        let key = SyncStateKey.pushCursor(try await deviceID(for: try await signedIn().userID))
        let current = Int64(try await state.value(key) ?? "") ?? 0
        guard sequence > current else { return }
        try await state.set([key: String(sequence)])
    }

    /// `wait` clamped to 0…25 s and to well inside the request timeout.
    static func pushWait(_ wait: Double, requestTimeout: Double) -> Double {
        guard wait.isFinite, wait > 0 else { return 0 }
        return min(wait, longestPushWait, max(0, requestTimeout - 5))
    }
}
