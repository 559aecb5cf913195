import Foundation
import Logging
import StrataCrossCutting
import StrataServerData
import StrataWire

/// The ``AuthService`` over the control store.
struct StoreAuthService: AuthService {
    let data: any ServerDataLayer
    let clock: any StrataClock
    let settings: ServerSettings
    let logger: Logger

    static let badCredentials = "the account, password, app id, version or app key is wrong"

    func login(_ request: LoginRequest, hashing: any PasswordHashing) async throws -> LoginResponse {
        // PBKDF2's HMAC pads a short password with zero bytes: `pw\u{0}` would verify as `pw`.
        try TextRules.checkFreeText(request.password, field: "password")
        return try await ServerError.mapping {
            let control = data.control
            let app = try await control.app(id: request.appId, version: request.appVersion)
            let keyMatches = app.map {
                Secrets.constantTimeEqual(Data(Secrets.sha256Hex(request.appKey).utf8), Data($0.keyHash.utf8))
            } ?? false
            let rounds = settings.passwordRounds
            guard let user = try await Self.user(account: request.account, in: control) else {
                try await hashing.run { Secrets.burnVerification(rounds: rounds) }
                throw ServerError(.unauthorized, Self.badCredentials)
            }
            let password = request.password
            let stored = user.passwordHash
            let verified = try await hashing.run { Secrets.verifyPassword(password, stored: stored) }
            // The HTTP layer logs every failed login (at notice, the account escaped, with the address).
            guard verified, keyMatches, let app else {
                throw ServerError(.unauthorized, Self.badCredentials)
            }
            // Said only to whom knows the password: it reveals nothing to a guesser.
            guard !user.disabled else {
                throw ServerError(.unauthorized, "account \(user.account) is disabled; ask an administrator to enable it")
            }
            let token = Secrets.newSecret()
            let validUntil = clock.now().addingTimeInterval(settings.tokenLifetime)
            try await control.deleteTokens(expiredBefore: clock.now())
            do {
                try await control.saveToken(
                    TokenRecord(
                        tokenHash: Secrets.sha256Hex(token), userId: user.id, appId: app.appId, appVersion: app.version,
                        validUntil: validUntil))
            } catch let error as ServerDataError where error.code == .notFound {
                // Disabled or deleted by an administrator while the password was being verified.
                throw ServerError(.unauthorized, "account \(user.account) was disabled or deleted; ask an administrator")
            }
            let groups = try await control.memberships(userId: user.id).map(Self.groupRole)
            logger.info("login", metadata: ["account": "\(user.account)", "app": "\(app.appId)@\(app.version)"])
            return LoginResponse(token: token, validUntil: validUntil, userId: user.id, account: user.account, groups: groups)
        }
    }

    /// The user whose account is `account` in its canonical form (NFC, as accounts are stored),
    /// or, for an account stored before names were normalized, as typed.
    static func user(account: String, in control: any ControlStore) async throws -> UserRecord? {
        if let user = try await control.user(account: TextRules.canonical(account)) { return user }
        return TextRules.hasOtherForm(account) ? try await control.user(account: account) : nil
    }

    func authenticate(token: String?) async throws -> ServerSession {
        guard let token, !token.isEmpty else {
            throw ServerError(.unauthorized, "no bearer token: log in at \(WirePaths.login) and send `Authorization: Bearer <token>`")
        }
        return try await ServerError.mapping {
            let hash = Secrets.sha256Hex(token)
            guard let record = try await data.control.token(hash: hash) else {
                // A session ended by disabling or deleting its user says so: the device then removes others' data.
                if let revoked = try await data.control.revokedSession(hash: hash) {
                    throw ServerError(
                        .accountDisabled,
                        "this account was \(revoked == "deleted" ? "deleted" : "disabled") by an administrator; ask an administrator")
                }
                throw ServerError(.unauthorized, "the bearer token is unknown, was logged out or was revoked by an administrator; log in again")
            }
            guard record.validUntil > clock.now() else {
                throw ServerError(.unauthorized, "the bearer token expired at \(record.validUntil); log in again")
            }
            let groups = try await data.control.memberships(userId: record.userId).map(Self.groupRole)
            return ServerSession(
                tokenHash: hash, userId: record.userId, appId: record.appId, appVersion: record.appVersion, groups: groups,
                validUntil: record.validUntil)
        }
    }

    func logout(_ session: ServerSession) async throws {
        try await ServerError.mapping { try await data.control.deleteToken(hash: session.tokenHash) }
    }

    static func groupRole(_ membership: MembershipRecord) -> WireGroupRole {
        WireGroupRole(groupId: membership.groupId, groupName: membership.groupName, roleName: membership.role)
    }
}
