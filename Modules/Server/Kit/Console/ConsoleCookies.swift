import Foundation
import Hummingbird

/// The console's cookies: the session (`strata_console`) and the sign-in form's anti-forgery
/// token (`strata_console_signin`), both `HttpOnly`, `SameSite=Strict`, `Path=/admin`, with an
/// expiry, and `Secure` unless the server is plain HTTP on a loopback address.
struct ConsoleCookies: Sendable {
    /// The session cookie's name.
    static let session = "strata_console"
    /// The sign-in form's token cookie's name (a double-submitted token: the form's `csrf` field
    /// must equal it).
    static let signIn = "strata_console_signin"
    /// How long the sign-in form's token lasts (seconds).
    static let signInLifetime = 1800

    /// Whether cookies carry `Secure`: `false` only for a server on a loopback address over
    /// plain HTTP.
    let secure: Bool

    /// The cookies of an answer to `request`: `Secure` also when a proxy in front says the
    /// browser's connection is HTTPS (`X-Forwarded-Proto: https`; a client forging it only
    /// makes its own cookie stricter).
    func answering(_ request: Request) -> ConsoleCookies {
        let proto = request.headers.first { $0.name.canonicalName == "x-forwarded-proto" }?.value.lowercased()
        return ConsoleCookies(secure: secure || proto == "https")
    }

    /// A `Set-Cookie` value setting `name` to `value` for `maxAge` seconds (0: removes it).
    func setCookie(_ name: String, _ value: String, maxAge: Int) -> String {
        "\(name)=\(value); Max-Age=\(max(0, maxAge)); Path=/admin; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The value of cookie `name` in the request's `Cookie` headers, or `nil`.
    static func value(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// Whether `host` (the address the server binds) is a loopback address: there, over plain
    /// HTTP, the cookies go without `Secure` (a browser would not send them back otherwise).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
