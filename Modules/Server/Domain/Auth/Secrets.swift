import Crypto
import Foundation
import _CryptoExtras

/// Password hashes (PBKDF2-SHA256, salted), random tokens and keys, and their SHA-256.
enum Secrets {
    /// The prefix of every stored password hash.
    static let scheme = "pbkdf2-sha256"

    /// `pbkdf2-sha256$<rounds>$<salt base64>$<hash base64>` with a fresh 16-byte salt.
    static func hashPassword(_ password: String, rounds: Int) throws -> String {
        let salt = randomBytes(16)
        let hash = try derive(password, salt: salt, rounds: rounds)
        return "\(scheme)$\(rounds)$\(salt.base64EncodedString())$\(hash.base64EncodedString())"
    }

    /// Whether `password` matches `stored` (compared in constant time); `false` for a malformed hash.
    static func verifyPassword(_ password: String, stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == scheme, let rounds = Int(parts[1]), rounds > 0,
            let salt = Data(base64Encoded: parts[2]), let expected = Data(base64Encoded: parts[3]),
            let actual = try? derive(password, salt: salt, rounds: rounds)
        else { return false }
        return constantTimeEqual(actual, expected)
    }

    /// Spends the time of one verification, so an unknown account answers as slowly as a known one.
    static func burnVerification(rounds: Int) {
        _ = try? derive("not a password", salt: Data(repeating: 0, count: 16), rounds: rounds)
    }

    /// `count` bytes from the system's secure random generator.
    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// A new 32-byte secret as URL-safe base64 without padding (tokens, app keys).
    static func newSecret() -> String {
        randomBytes(32).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 of `text`'s UTF-8, as lowercase hex.
    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether two byte strings are equal, taking the same time wherever they differ.
    static func constantTimeEqual(_ left: Data, _ right: Data) -> Bool {
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func derive(_ password: String, salt: Data, rounds: Int) throws -> Data {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds)
        return key.withUnsafeBytes { Data($0) }
    }
}
