import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database` URL, checked, as a client configuration.
///
/// Messages name what was wrong and what was expected, and never show the password.
struct PostgresURL {
    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String

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
            guard item.name == "sslmode", item.value == "disable" else {
                throw ServerDataError(
                    .invalidConfiguration,
                    "the database URL option '\(item.name)' is not supported; only sslmode=disable (TLS to PostgreSQL is not supported yet)")
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
    }

    var configuration: PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: .disable)
        configuration.options.maximumConnections = 20
        return configuration
    }

    /// The configuration of one connection of its own (the push listener's, see ``PostgresPushListener``).
    var connectionConfiguration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: .disable)
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
