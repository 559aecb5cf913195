import Foundation
import StrataWire
import Synchronization
import Testing


@testable import StrataSync

/// The sync client percent-encodes the ids it puts in paths, one segment each.
@Suite("sync client paths")
struct SyncClientPathTests {
    /// Records each request and answers 200 with `body`.
    final class Recorder: SyncTransport {
        let body: Data
        let requests = Mutex<[SyncRequest]>([])
        init(body: String) { self.body = Data(body.utf8) }
        func send(_ request: SyncRequest) async throws -> SyncResponse {
            requests.withLock { $0.append(request) }
            return SyncResponse(status: 200, body: body)
        }
    }

    static let configuration = SyncConfiguration(
        serverURL: URL(string: "http://127.0.0.1:1")!, appID: "strata", appVersion: "1", appKey: "key")

    @Test("a device id with a space, /, % and é is one encoded path segment of the poll")
    func pollEncodesTheDeviceId() async throws {
        let recorder = Recorder(body: #"{"messages":[],"next":0}"#)
        let client = SyncClient(transport: recorder, configuration: Self.configuration)
        _ = try? await client.pollPush(deviceID: "laptop/1 100% é", after: 0, wait: 0, token: "t")
        #expect(recorder.requests.withLock { $0.map(\.path) } == ["/v1/devices/laptop%2F1%20100%25%20%C3%A9/messages"])
    }

    @Test("a pull's type name is one encoded path segment")
    func pullEncodesTheTypeName() async throws {
        let recorder = Recorder(body: #"{"objects":[],"cursor":0,"hasMore":false}"#)
        let client = SyncClient(transport: recorder, configuration: Self.configuration)
        _ = try? await client.pull("Visit", since: 0, limit: 10, token: "t")
        _ = try? await client.pull("Odd/Type", since: 0, limit: 10, token: "t")
        #expect(recorder.requests.withLock { $0.map(\.path) } == ["/v1/objects/Visit", "/v1/objects/Odd%2FType"])
    }
}
