import Foundation
import StrataServerData

/// The admin console's operations of a ``CountingControlStore``: each goes to the real store.
extension CountingControlStore {
    func updateUser(id: String, passwordHash: String?, disabled: Bool?) async throws -> Int {
        try await real.updateUser(id: id, passwordHash: passwordHash, disabled: disabled)
    }
    func deleteUser(id: String) async throws -> (sessions: Int, devices: Int) { try await real.deleteUser(id: id) }
    func tokens(userId: String?) async throws -> [TokenRecord] { try await real.tokens(userId: userId) }
    func deleteTokens(userId: String) async throws -> Int { try await real.deleteTokens(userId: userId) }
    func allDevices() async throws -> [DeviceRecord] { try await real.allDevices() }
    func revokeDevice(appId: String, version: String, deviceId: String, at date: Date) async throws {
        try await real.revokeDevice(appId: appId, version: version, deviceId: deviceId, at: date)
    }
    func templates() async throws -> [PushTemplate] { try await real.templates() }
    func deleteTemplate(named name: String) async throws { try await real.deleteTemplate(named: name) }
    func deleteGroup(id: String) async throws -> Int { try await real.deleteGroup(id: id) }
}
