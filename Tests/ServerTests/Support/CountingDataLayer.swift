import Foundation
import StrataServerData
import Synchronization

/// A seam over the real SQLite storage that counts the reads of the push channel: how often
/// polls read their messages, and how often the watcher looks for channels with new ones.
final class CountingDataLayer: ServerDataLayer {
    /// Reads counted so far.
    struct Counts: Sendable {
        var pushMessages = 0
        var latestPushSequence = 0
        var pushChannels = 0
    }

    let real: any ServerDataLayer
    let counts = Mutex(Counts())
    var control: any ControlStore { CountingControlStore(real: real.control, counts: self) }

    init(_ real: any ServerDataLayer) { self.real = real }

    /// The counts now.
    var snapshot: Counts { counts.withLock { $0 } }

    func pushSignals() -> AsyncStream<PushSignal>? { real.pushSignals() }
    func checkReady() async throws { try await real.checkReady() }
    func close() async throws { try await real.close() }

    func appStore(appId: String, version: String) async throws -> any AppObjectStore {
        try await real.appStore(appId: appId, version: version)
    }
}

/// The control store of a ``CountingDataLayer``: every call goes to the real store.
struct CountingControlStore: ControlStore {
    let real: any ControlStore
    let counts: CountingDataLayer

    func pushMessages(appId: String, version: String, deviceId: String, after sequence: Int64, limit: Int) async throws
        -> [StoredPushMessage]
    {
        counts.counts.withLock { $0.pushMessages += 1 }
        return try await real.pushMessages(appId: appId, version: version, deviceId: deviceId, after: sequence, limit: limit)
    }

    func latestPushSequence() async throws -> Int64 {
        counts.counts.withLock { $0.latestPushSequence += 1 }
        return try await real.latestPushSequence()
    }

    func pushChannels(after sequence: Int64) async throws -> (channels: [PushChannel], latest: Int64) {
        counts.counts.withLock { $0.pushChannels += 1 }
        return try await real.pushChannels(after: sequence)
    }

    func createApp(_ app: AppRecord) async throws { try await real.createApp(app) }
    func app(id: String, version: String) async throws -> AppRecord? { try await real.app(id: id, version: version) }
    func apps() async throws -> [AppRecord] { try await real.apps() }
    func accounts(userIds: [String]) async throws -> [String: String] { try await real.accounts(userIds: userIds) }
    func setLogLevel(appId: String, version: String, level: String) async throws {
        try await real.setLogLevel(appId: appId, version: version, level: level)
    }
    func createGroup(_ group: GroupRecord) async throws { try await real.createGroup(group) }
    func group(named name: String) async throws -> GroupRecord? { try await real.group(named: name) }
    func groups() async throws -> [GroupRecord] { try await real.groups() }
    func createUser(_ user: UserRecord, memberships: [MembershipRecord]) async throws {
        try await real.createUser(user, memberships: memberships)
    }
    func user(account: String) async throws -> UserRecord? { try await real.user(account: account) }
    func users() async throws -> [UserRecord] { try await real.users() }
    func memberships(userId: String) async throws -> [MembershipRecord] { try await real.memberships(userId: userId) }
    func memberIds(groupId: String) async throws -> [String] { try await real.memberIds(groupId: groupId) }
    func saveToken(_ token: TokenRecord) async throws { try await real.saveToken(token) }
    func token(hash: String) async throws -> TokenRecord? { try await real.token(hash: hash) }
    func revokedSession(hash: String) async throws -> String? { try await real.revokedSession(hash: hash) }
    func deleteToken(hash: String) async throws { try await real.deleteToken(hash: hash) }
    func deleteTokens(expiredBefore date: Date) async throws -> Int { try await real.deleteTokens(expiredBefore: date) }
    func registerDevice(_ device: DeviceRecord) async throws { try await real.registerDevice(device) }
    func device(appId: String, version: String, deviceId: String) async throws -> DeviceRecord? {
        try await real.device(appId: appId, version: version, deviceId: deviceId)
    }
    func devices(userIds: [String]) async throws -> [DeviceRecord] { try await real.devices(userIds: userIds) }
    func appendPushMessages(_ messages: [NewPushMessage]) async throws -> [StoredPushMessage] {
        try await real.appendPushMessages(messages)
    }
    func saveTemplate(_ template: PushTemplate) async throws { try await real.saveTemplate(template) }
    func template(named name: String) async throws -> PushTemplate? { try await real.template(named: name) }
}
