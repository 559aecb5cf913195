import Foundation
import Logging
import StrataCrossCutting
import StrataServerData

/// The ``ConsoleAuthService`` over the control store: sessions in `console_sessions`, the
/// password checked as `/v1/login` checks it (``Secrets``, on the caller's hashing pool).
struct StoreConsoleAuthService: ConsoleAuthService {
    let data: any ServerDataLayer
    let clock: any StrataClock
    let settings: ServerSettings
    let logger: Logger

    func signIn(account: String, password: String, hashing: any PasswordHashing) async throws -> ConsoleSignIn {
        // PBKDF2's HMAC pads a short password with zero bytes: `pw\u{0}` would verify as `pw`.
        try TextRules.checkFreeText(password, field: "password")
        try TextRules.checkFreeText(account, field: "account")
        return try await ServerError.mapping {
            let control = data.control
            let rounds = settings.passwordRounds
            guard let user = try await StoreAuthService.user(account: account, in: control) else {
                try await hashing.run { Secrets.burnVerification(rounds: rounds) }
                throw ServerError(.unauthorized, ConsoleSignIn.badCredentials)
            }
            let stored = user.passwordHash
            guard try await hashing.run({ Secrets.verifyPassword(password, stored: stored) }) else {
                throw ServerError(.unauthorized, ConsoleSignIn.badCredentials)
            }
            guard !user.disabled else {
                throw ServerError(.unauthorized, "account \(user.account) is disabled; ask an administrator to enable it")
            }
            guard try await control.isAdministrator(userId: user.id) else {
                logger.notice("console sign-in refused: not an administrator", metadata: ["account": "\(user.account)"])
                return .notAdministrator(account: user.account)
            }
            let secret = Secrets.newSecret()
            let session = ConsoleSession(
                userId: user.id, account: user.account, csrfToken: Secrets.newSecret(),
                validUntil: clock.now().addingTimeInterval(ConsoleSession.lifetime))
            try await control.deleteConsoleSessions(expiredBefore: clock.now())
            do {
                try await control.saveConsoleSession(
                    ConsoleSessionRecord(
                        tokenHash: Secrets.sha256Hex(secret), userId: user.id, csrfToken: session.csrfToken,
                        validUntil: session.validUntil))
            } catch let error as ServerDataError where error.code == .notFound {
                throw ServerError(.unauthorized, "account \(user.account) was disabled or deleted; ask an administrator")
            }
            // Disabling or revoking the grant while this sign-in ran removed the sessions it found,
            // not this one: a session its user may no longer have is removed here, so granting or
            // enabling again later never revives it.
            let hash = Secrets.sha256Hex(secret)
            guard try await control.consoleSession(hash: hash) != nil else {
                try await control.deleteConsoleSession(hash: hash)
                throw ServerError(.unauthorized, "account \(user.account) was disabled or is no longer an administrator")
            }
            logger.info("console sign-in", metadata: ["account": "\(user.account)"])
            return .signedIn(session, secret: secret)
        }
    }

    func session(secret: String) async throws -> ConsoleSession? {
        guard !secret.isEmpty, secret.count <= 256 else { return nil }
        return try await ServerError.mapping {
            guard let record = try await data.control.consoleSession(hash: Secrets.sha256Hex(secret)),
                record.validUntil > clock.now()
            else { return nil }
            return ConsoleSession(
                userId: record.userId, account: record.account, csrfToken: record.csrfToken, validUntil: record.validUntil)
        }
    }

    func signOut(secret: String) async throws {
        guard !secret.isEmpty, secret.count <= 256 else { return }
        try await ServerError.mapping { try await data.control.deleteConsoleSession(hash: Secrets.sha256Hex(secret)) }
    }
}
