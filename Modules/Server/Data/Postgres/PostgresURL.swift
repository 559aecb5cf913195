import Foundation
import NIOSSL
import PostgresNIO

/// A `postgres://user:password@host:port/database[?sslmode=…&sslrootcert=…]` URL, checked, as
/// a client configuration.
///
/// TLS follows libpq's `sslmode`: `disable`; `allow` and `prefer` (the default: TLS when the
/// server offers it, unverified); `require` (TLS or no connection, unverified, but as libpq
/// `verify-ca` when `sslrootcert` is given); `verify-ca` (the chain must lead to a trusted root);
/// `verify-full` (and the certificate must name the host). Trusted roots: the `sslrootcert`
/// PEM file, else the system's. Messages name what was wrong and what was expected, and never
/// show the password.
struct PostgresURL {
    /// libpq's `sslmode` values.
    enum SSLMode: String, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String
    var sslMode = SSLMode.prefer
    /// The `sslrootcert` file: the roots a server certificate must lead to.
    var rootCertificate: String?
    /// libpq's `connect_timeout` (whole seconds, 1–600; 5 when not given): how long a
    /// statement waits for a pooled connection before the request fails as unavailable (503).
    var connectTimeout: Duration = .seconds(5)
    /// The TLS settings of ``sslMode`` (`nil` for `disable`), and the same as a context for
    /// single connections, made (and its root file read) when the URL is parsed.
    private var tls: (configuration: TLSConfiguration, context: NIOSSLContext)?

    /// Where the database is, for messages and logs: `host:port/database` (`[::1]:port/…` for
    /// an IPv6 address), no user, no password.
    var place: String { "\(address)/\(database)" }

    /// `host:port`, with an IPv6 address in brackets (`[::1]:5432`).
    var address: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    static let expected = "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"

    /// Whether `text` is an IPv6 address as `inet_pton` reads one (`::1`, `fe80::1`, `::ffff:1.2.3.4`).
    static func isIPv6Address(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    init(_ text: String) throws {
        let shown = Self.masked(text)
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["postgres", "postgresql"].contains(scheme), text.range(of: "://") != nil
        else {
            throw ServerDataError(.invalidConfiguration, "the database URL '\(shown)' is not a PostgreSQL URL; \(Self.expected)")
        }
        guard var host = components.host, !host.isEmpty else {
            throw ServerDataError(.invalidConfiguration, "the database URL '\(shown)' names no host; \(Self.expected)")
        }
        // `[::1]`: an IPv6 address, connected to as one (with its brackets it would be looked up as a name).
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            // Brackets hold an IPv6 address and nothing else (a zone after `%` is the system's to read).
            guard Self.isIPv6Address(String(host.prefix { $0 != "%" })) else {
                throw ServerDataError(
                    .invalidConfiguration,
                    "the database URL '\(shown)' has '[\(host)]' as its host, which is not an IPv6 address; "
                        + "expected e.g. [::1] or a host name without brackets")
            }
        }
        // The user, password and database as written: Foundation decodes them already, and
        // silently keeps a `%` it cannot decode, so each is checked and decoded once here.
        let written = Self.written(text)
        let user = try Self.decoded(written.user, part: "user", shown: shown)
        guard !user.isEmpty else {
            throw ServerDataError(.invalidConfiguration, "the database URL '\(shown)' names no user; \(Self.expected)")
        }
        let password = try written.password.map { try Self.decoded($0, part: "password", shown: shown) }
        let path = String(written.path.drop(while: { $0 == "/" }))
        guard !path.isEmpty, !path.contains("/") else {
            throw ServerDataError(
                .invalidConfiguration, "the database URL '\(shown)' names no database; \(Self.expected)")
        }
        let database = try Self.decoded(path, part: "database name", shown: shown)
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(SSLMode.init(rawValue:)) else {
                    let modes = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ServerDataError(
                        .invalidConfiguration, "the database URL's sslmode '\(item.value ?? "")' is not one of \(modes)")
                }
                sslMode = mode
            case "sslrootcert":
                guard let path = item.value, !path.isEmpty else {
                    throw ServerDataError(.invalidConfiguration, "the database URL's sslrootcert names no file; expected a PEM file's path")
                }
                rootCertificate = path
            case "connect_timeout":
                guard let seconds = item.value.flatMap({ Int($0) }), (1...600).contains(seconds) else {
                    throw ServerDataError(
                        .invalidConfiguration,
                        "the database URL's connect_timeout '\(String((item.value ?? "").prefix(40)))' is not a whole number of seconds from 1 to 600")
                }
                connectTimeout = .seconds(seconds)
            default:
                throw ServerDataError(
                    .invalidConfiguration,
                    "the database URL option '\(String(item.name.prefix(40)))' is not supported; expected sslmode, sslrootcert or connect_timeout")
            }
        }
        guard (1...65535).contains(components.port ?? 5432) else {
            throw ServerDataError(.invalidConfiguration, "the database URL's port is not 1–65535; \(Self.expected)")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user
        self.password = password
        self.database = database
        tls = try Self.tls(sslMode, rootCertificate: rootCertificate)
    }

    /// The TLS settings of `mode` trusting `rootCertificate` (else the system's roots), or `nil`
    /// for `disable`.
    private static func tls(_ mode: SSLMode, rootCertificate: String?) throws -> (TLSConfiguration, NIOSSLContext)? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch mode {
        case .disable: return nil
        case .allow, .prefer: configuration.certificateVerification = .none
        case .require: configuration.certificateVerification = rootCertificate == nil ? .none : .noHostnameVerification
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let rootCertificate {
            guard FileManager.default.isReadableFile(atPath: rootCertificate) else {
                throw ServerDataError(
                    .invalidConfiguration, "the database URL's sslrootcert file '\(rootCertificate)' cannot be read; expected a PEM file")
            }
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificate))
            } catch {
                throw ServerDataError(
                    .invalidConfiguration, "the database URL's sslrootcert file '\(rootCertificate)' holds no PEM certificate")
            }
        }
        do {
            return (configuration, try NIOSSLContext(configuration: configuration))
        } catch {
            throw ServerDataError(.invalidConfiguration, "cannot set up TLS for the database (sslmode=\(mode.rawValue)): \(error)")
        }
    }

    /// Whether a connection fails when the server offers no TLS.
    private var tlsRequired: Bool { ![.disable, .allow, .prefer].contains(sslMode) }

    var configuration: PostgresClient.Configuration {
        let clientTLS: PostgresClient.Configuration.TLS =
            tls.map { tlsRequired ? .require($0.configuration) : .prefer($0.configuration) } ?? .disable
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: clientTLS)
        configuration.options.maximumConnections = 20
        configuration.options.additionalStartupParameters = Self.sessionSettings
        return configuration
    }

    /// Settings every connection of the server's pool asks for when it starts, whatever the
    /// cluster, database or role say: `synchronous_commit = on`, so a `COMMIT` returns only once
    /// its WAL is on the disk and what the server acknowledged survives a crash of PostgreSQL or
    /// of its machine (a power cut), also on a cluster configured with `synchronous_commit = off`.
    static let sessionSettings = [("synchronous_commit", "on")]

    /// The configuration of one connection of its own (the push listener's, see ``PostgresPushListener``).
    var connectionConfiguration: PostgresConnection.Configuration {
        let connectionTLS: PostgresConnection.Configuration.TLS =
            tls.map { tlsRequired ? .require($0.context) : .prefer($0.context) } ?? .disable
        return PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: connectionTLS)
    }

    /// The user, password and path of `text` as written (still percent-encoded): the user
    /// information lies between `://` and the authority's last `@` (the authority ends at the
    /// first `/`, `?` or `#`; no `@` there, no user), the path from there to `?` or `#`.
    private static func written(_ text: String) -> (user: String, password: String?, path: String) {
        guard let scheme = text.range(of: "://") else { return ("", nil, "") }
        let rest = text[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]
        let path = String(afterAuthority[..<(afterAuthority.firstIndex { "?#".contains($0) } ?? afterAuthority.endIndex)])
        guard let at = authority.lastIndex(of: "@") else { return ("", nil, path) }
        let info = authority[..<at]
        guard let colon = info.firstIndex(of: ":") else { return (String(info), nil, path) }
        return (String(info[..<colon]), String(info[info.index(after: colon)...]), path)
    }

    /// `written` percent-decoded once.
    ///
    /// - Throws: `invalidConfiguration` naming `part` and the URL as `shown` (masked) when a
    ///   `%` is not followed by two hex digits.
    private static func decoded(_ written: String, part: String, shown: String) throws -> String {
        let bytes = Array(written.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                let hex = bytes.dropFirst(index + 1).prefix(2)
                let isHex = { (byte: UInt8) in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
                }
                guard hex.count == 2, hex.allSatisfy(isHex) else {
                    throw ServerDataError(
                        .invalidConfiguration,
                        "the database URL '\(shown)' has a % in its \(part) that is not followed by two hex digits; "
                            + "write % as %25 (and @ as %40, : as %3A, / as %2F)")
                }
                index += 3
            } else {
                index += 1
            }
        }
        guard let decoded = written.removingPercentEncoding else {
            throw ServerDataError(
                .invalidConfiguration, "the database URL '\(shown)' has a \(part) that is not UTF-8 once percent-decoded")
        }
        return decoded
    }

    /// `text` (a database URL, or what was given as one) with every credential replaced by
    /// `***`, cut to 200 characters: the one form in which a database URL appears in a message
    /// or a log line.
    ///
    /// With `://`, the user stays and the password (whatever follows the user's `:` up to the
    /// last `@`) is masked; without it (`user:PW@host/db`, `postgres:/u:PW@…`) the whole part
    /// before the last `@` is masked; a `password=` option's value is masked too.
    static func masked(_ text: String) -> String {
        var shown = text
        if let at = shown.lastIndex(of: "@") {
            if let scheme = shown.range(of: "://"), scheme.upperBound <= at {
                let info = shown[scheme.upperBound..<at]
                if let colon = info.firstIndex(of: ":") {
                    shown.replaceSubrange(shown.index(after: colon)..<at, with: "***")
                }
            } else {
                shown.replaceSubrange(shown.startIndex..<at, with: "***")
            }
        }
        // libpq's `?password=…` (refused here, but still never shown).
        var from = shown.startIndex
        while let option = shown.range(of: "password=", options: .caseInsensitive, range: from..<shown.endIndex) {
            let end = shown[option.upperBound...].firstIndex(of: "&") ?? shown.endIndex
            let offset = shown.distance(from: shown.startIndex, to: option.upperBound) + 3
            shown.replaceSubrange(option.upperBound..<end, with: "***")
            from = shown.index(shown.startIndex, offsetBy: offset)
        }
        return String(shown.prefix(200))
    }
}
