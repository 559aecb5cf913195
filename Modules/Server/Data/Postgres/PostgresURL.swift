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
    /// The TLS settings of ``sslMode`` (`nil` for `disable`), and the same as a context for
    /// single connections, made (and its root file read) when the URL is parsed.
    private var tls: (configuration: TLSConfiguration, context: NIOSSLContext)?

    /// Where the database is, for messages and logs: `host:port/database`, no user, no password.
    var place: String { "\(host):\(port)/\(database)" }

    static let expected = "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"

    init(_ text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["postgres", "postgresql"].contains(scheme)
        else {
            throw ServerDataError(.invalidConfiguration, "the database URL '\(Self.shown(text))' is not a PostgreSQL URL; \(Self.expected)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ServerDataError(.invalidConfiguration, "the database URL '\(Self.shown(text))' names no host; \(Self.expected)")
        }
        guard let user = components.user, !user.isEmpty else {
            throw ServerDataError(.invalidConfiguration, "the database URL '\(Self.shown(text))' names no user; \(Self.expected)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw ServerDataError(
                .invalidConfiguration, "the database URL '\(Self.shown(text))' names no database; \(Self.expected)")
        }
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
            default:
                throw ServerDataError(
                    .invalidConfiguration,
                    "the database URL option '\(String(item.name.prefix(40)))' is not supported; expected sslmode or sslrootcert")
            }
        }
        guard (1...65535).contains(components.port ?? 5432) else {
            throw ServerDataError(.invalidConfiguration, "the database URL's port is not 1–65535; \(Self.expected)")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
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
        return configuration
    }

    /// The configuration of one connection of its own (the push listener's, see ``PostgresPushListener``).
    var connectionConfiguration: PostgresConnection.Configuration {
        let connectionTLS: PostgresConnection.Configuration.TLS =
            tls.map { tlsRequired ? .require($0.context) : .prefer($0.context) } ?? .disable
        return PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: connectionTLS)
    }

    /// `text` with its password replaced by `***`, cut to 200 characters.
    static func shown(_ text: String) -> String {
        var shown = text
        if var components = URLComponents(string: text), components.password != nil {
            components.password = "***"
            shown = components.string ?? "(a URL with a password)"
        } else if let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://"), scheme.upperBound < at {
            shown = String(text[..<scheme.upperBound]) + "***" + String(text[at...])
        }
        return String(shown.prefix(200))
    }
}
