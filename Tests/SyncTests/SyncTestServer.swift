import Foundation
import Logging
import StrataCrossCutting
import StrataDataTesting
import StrataWire
import Synchronization
import Testing

import StrataData
import StrataSession
import StrataStore

@testable import StrataSync

/// A scripted sync server behind the engine's transport: each push answers with the next
/// scripted step; pulls hand out the scripted pages of a type, then empty pages; every
/// request is recorded. A request with no script left fails the test.
final class SyncTestServer: SyncTransport {
    enum Step: Sendable {
        /// Every change of the batch `applied`.
        case applyAll
        /// Per change, by position: `applied`, `duplicate`, `rejected` (with reason `no`), or `nil` for no result.
        case results([String?])
        /// An error answer with this status.
        case status(Int, String)
        /// The server cannot be reached.
        case networkDown
    }

    private struct State {
        var pushSteps: [Step] = []
        var pullPages: [String: [PullResponse]] = [:]
        var login: Step? = nil
        var logout: Step = .applyAll
        var logLevel = "error"
        var requests: [SyncRequest] = []
    }

    private let state = Mutex(State())

    struct Down: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    func scriptPushes(_ steps: Step...) { scriptPushes(steps) }
    func scriptPushes(_ steps: [Step]) { state.withLock { $0.pushSteps += steps } }
    func scriptPages(_ typeName: String, _ pages: PullResponse...) { state.withLock { $0.pullPages[typeName, default: []] += pages } }
    func scriptLogin(_ step: Step) { state.withLock { $0.login = step } }
    func scriptLogout(_ step: Step) { state.withLock { $0.logout = step } }
    func scriptLogLevel(_ level: String) { state.withLock { $0.logLevel = level } }

    var requests: [SyncRequest] { state.withLock { $0.requests } }
    /// The batches pushed, as operation ids.
    var pushedBatches: [[String]] {
        requests.filter { $0.path == WirePaths.changes }.compactMap { request in
            try? WireCoding.decoder().decode(PushRequest.self, from: request.body ?? Data()).changes.map(\.operationId)
        }
    }
    func requests(to path: String) -> [SyncRequest] { requests.filter { $0.path.hasPrefix(path) } }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        let step = state.withLock { state -> Step? in
            state.requests.append(request)
            switch request.path {
            case WirePaths.changes: return state.pushSteps.isEmpty ? nil : state.pushSteps.removeFirst()
            case WirePaths.login: return state.login
            case WirePaths.logout: return state.logout
            default: return .applyAll
            }
        }
        switch request.path {
        case WirePaths.changes:
            guard let step else {
                Issue.record("unexpected push: no push step scripted")
                throw Down()
            }
            return try answerPush(request, step)
        case WirePaths.login:
            guard let step else {
                Issue.record("unexpected login")
                throw Down()
            }
            let login = try WireCoding.decoder().decode(LoginRequest.self, from: request.body ?? Data())
            return try answer(step) {
                LoginResponse(
                    token: "token-\(login.account)", validUntil: Date(timeIntervalSince1970: 1_900_000_000),
                    userId: "id-\(login.account)", account: login.account,
                    groups: [WireGroupRole(groupId: "g1", groupName: "Ward 1", roleName: "Member")])
            }
        case WirePaths.logout:
            return try answer(step ?? .applyAll) { ["ok": true] }
        case WirePaths.config:
            return try json(AppConfig(logLevel: state.withLock { $0.logLevel }))
        case WirePaths.logs, WirePaths.devices:
            return try json(["ok": true])
        default:
            let typeName = String(request.path.dropFirst(WirePaths.objects.count + 1))
            let since = Int64(request.parameter("since") ?? "0") ?? 0
            let page = state.withLock { state -> PullResponse in
                guard var pages = state.pullPages[typeName], !pages.isEmpty else {
                    return PullResponse(objects: [], cursor: since, hasMore: false)
                }
                let first = pages.removeFirst()
                state.pullPages[typeName] = pages
                return first
            }
            return try json(page)
        }
    }

    private func answerPush(_ request: SyncRequest, _ step: Step) throws -> SyncResponse {
        let push = try WireCoding.decoder().decode(PushRequest.self, from: request.body ?? Data())
        switch step {
        case .applyAll:
            return try json(PushResponse(results: push.changes.map { ChangeResult(operationId: $0.operationId, status: "applied") }))
        case .results(let statuses):
            let results = zip(push.changes, statuses).compactMap { change, status in
                status.map { ChangeResult(operationId: change.operationId, status: $0, reason: $0 == "rejected" ? "no" : nil) }
            }
            return try json(PushResponse(results: results))
        default:
            return try answer(step) { PushResponse(results: []) }
        }
    }

    private func answer<Body: Encodable>(_ step: Step, _ body: () -> Body) throws -> SyncResponse {
        switch step {
        case .status(let status, let reason):
            return SyncResponse(status: status, body: try WireCoding.encoder().encode(WireError(error: "scripted", reason: reason)))
        case .networkDown:
            throw Down()
        default:
            return try json(body())
        }
    }

    private func json<Body: Encodable>(_ body: Body) throws -> SyncResponse {
        SyncResponse(status: 200, body: try WireCoding.encoder().encode(body))
    }
}

/// A `localAndServer` type with an encrypted key and auto refresh.
struct SyncVisit: ValueObject, Equatable {
    var objectId: String?
    var patient = ""
    var ward = 0
    init() {}
    init(patient: String, ward: Int) {
        self.patient = patient
        self.ward = ward
    }
    static let schema = ValueObjectSchema<SyncVisit>(
        "SyncVisit", fields: [.field("patient", \.patient), .field("ward", \.ward)],
        behaviour: ValueObjectBehaviour(
            persistentType: .localAndServer, autoRefresh: AutoRefresh(interval: 60), encrypted: ["patient"]))
}

/// A live data layer on a fresh container and an engine on it that talks to a ``SyncTestServer``.
struct SyncHarness {
    let container: ContainerDirectory
    let server: SyncTestServer
    let clock: TestClock
    let data: any DataLayer
    let sync: any SyncEngine
    /// The backoff delays the engine asked for.
    let delays: Delays

    final class Delays: Sendable {
        let values = Mutex<[Double]>([])
        var all: [Double] { values.withLock { $0 } }
    }

    static let server = URL(string: "http://127.0.0.1:9")!

    init(
        container: ContainerDirectory = temporaryContainer(), server: SyncTestServer = SyncTestServer(),
        clock: TestClock = TestClock(), batchSize: Int = 500, maxRequestBytes: Int = 512 * 1024, maxAttempts: Int = 4,
        retryDelay: Double = 0.5, maxRetryDelay: Double = 30, signedInAs user: String? = "u1",
        sleep: SyncSleep? = nil, random: @escaping @Sendable (ClosedRange<Double>) -> Double = { $0.upperBound }
    ) async throws {
        self.container = container
        self.server = server
        self.clock = clock
        let delays = Delays()
        self.delays = delays
        let configuration = SyncConfiguration(
            serverURL: Self.server, appID: "strata", appVersion: "1", appKey: "key", deviceID: "device-1",
            batchSize: batchSize, maxRequestBytes: maxRequestBytes, retryDelay: retryDelay, maxRetryDelay: maxRetryDelay,
            maxAttempts: maxAttempts, pollInterval: 0.05)
        data = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: clock)
        sync = SyncFactory.live(
            data: data, configuration: configuration, transport: server, logger: quietLogger, clock: clock,
            sleep: sleep ?? { seconds in delays.values.withLock { $0.append(seconds) } },
            // By default jitter draws the top of each range: the recorded delays are the backoff's ceilings.
            random: random)
        try await data.store.register(SyncVisit.self)
        if let user { try await signIn(user) }
    }

    func signIn(_ user: String) async throws {
        try await data.session.save(
            AuthInfo(
                userID: user, account: "\(user)@example.org", groups: [GroupRole(groupID: "g1", groupName: "Ward 1", roleName: "Member")],
                token: "token-\(user)", validUntil: clock.now().addingTimeInterval(3600)))
    }

    /// Saves `count` new visits (each one pending insert).
    @discardableResult
    func addVisits(_ count: Int) async throws -> [SyncVisit] {
        try await data.store.save((0..<count).map { SyncVisit(patient: "patient \($0)", ward: $0) })
    }
}

extension WireObject {
    /// A visit as the server holds it.
    static func visit(_ id: String, patient: String, ward: Int, version: Int64, deleted: Bool = false) -> WireObject {
        WireObject(
            objectId: id, values: ["patient": .text(patient), "ward": .integer(Int64(ward))], scope: 2, ownerUser: "u9",
            ownerGroup: "g1", deleted: deleted, version: version)
    }
}
