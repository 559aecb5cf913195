import Foundation
import StrataTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the sync tests ask of the server beyond starting it: the hosts' app, its database,
/// and pulls over HTTP to see what the server holds.
extension TestServer {
    /// The app every test client uses (the hosts' defaults: `StrataConstants.appID` / version).
    static let casebook = (id: "dev.strata.casebook", version: "0.1.0")

    /// The casebook app's database file, `apps/<app id>@<version>.sqlite` under the data directory.
    var appDatabase: URL {
        dataDirectory.appendingPathComponent("apps").appendingPathComponent("\(Self.casebook.id)@\(Self.casebook.version).sqlite")
    }

    /// How many operations the app database records as applied (0 while it does not exist yet).
    func appliedOperationCount() -> Int {
        (try? SQLiteReader(appDatabase.path).integer("SELECT count(*) FROM operations")) ?? 0
    }

    /// Creates each user (`account: group`, password `password`) as a member of their group,
    /// creating the groups first.
    func addUsers(_ groups: [String: String], password: String) async throws {
        for group in Set(groups.values).sorted() { try await createGroup(group) }
        for (account, group) in groups.sorted(by: { $0.key < $1.key }) {
            try await createUser(account, password: password, group: group)
        }
    }

    /// The environment that points a host at this server (started with the casebook app).
    var clientEnvironment: [String: String] { ["STRATA_SERVER_URL": url, "STRATA_APP_KEY": app?.key ?? ""] }

    /// One `strata-host` per account, each with its own home under a fresh directory named
    /// `label`, pointed at this server and signed in with `password` (`account login
    /// --password-stdin`), in the order given.
    func signedInHosts(_ accounts: [String], password: String, label: String) async throws -> [StrataProcess] {
        let root = TemporaryRoot.directory(label)
        var hosts: [StrataProcess] = []
        for account in accounts {
            let host = StrataProcess("strata-host", home: root.appendingPathComponent(account), extraEnvironment: clientEnvironment)
            let outcome = try await host.run(["account", "login", "--account", account, "--password-stdin"], stdin: password + "\n")
            try #require(outcome.status == 0, "login \(account): \(outcome)")
            hosts.append(host)
        }
        return hosts
    }

    /// Logs in over HTTP and pulls `type` from cursor 0: the live objects the server holds for `account`.
    func pull(_ type: String, account: String, password: String) async throws -> [[String: Any]] {
        try await pullAll(type, account: account, password: password).filter { ($0["deleted"] as? Bool) != true }
    }

    /// Logs in over HTTP and pulls `type` from cursor 0, page after page: every object the
    /// server holds for `account`, deleted ones (tombstones) included.
    func pullAll(_ type: String, account: String, password: String) async throws -> [[String: Any]] {
        var login = URLRequest(url: try #require(URL(string: "\(url)/v1/auth/login")))
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = try JSONSerialization.data(withJSONObject: [
            "account": account, "password": password, "appId": Self.casebook.id, "appVersion": Self.casebook.version,
            "appKey": app?.key ?? "",
        ])
        let (loginData, _) = try await URLSession.shared.data(for: login)
        let session = try #require(try JSONSerialization.jsonObject(with: loginData) as? [String: Any])
        let token = try #require(session["token"] as? String, "login answered \(session)")
        var objects: [[String: Any]] = []
        var cursor = 0
        while true {
            var pull = URLRequest(url: try #require(URL(string: "\(url)/v1/objects/\(type)?since=\(cursor)&limit=1000")))
            pull.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (pullData, _) = try await URLSession.shared.data(for: pull)
            let page = try #require(try JSONSerialization.jsonObject(with: pullData) as? [String: Any])
            objects += try #require(page["objects"] as? [[String: Any]], "pull answered \(page)")
            let next = try #require(page["cursor"] as? Int, "pull answered no cursor: \(page)")
            guard page["hasMore"] as? Bool == true, next > cursor else { return objects }
            cursor = next
        }
    }
}

/// A server step that was expected to succeed failed.
struct ServerFailure: Error, CustomStringConvertible {
    let description: String
}
