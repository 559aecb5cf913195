import Foundation
import StrataWire

/// The device's push channel on the wire: `GET /v1/devices/{id}/messages?after=&wait=`.
extension SyncClient {
    /// The messages after `sequence`, waiting on the server up to `wait` seconds for the first.
    func pollPush(deviceID: String, after sequence: Int64, wait: Double, token: String) async throws(SyncFailure)
        -> PushPoll
    {
        let request = SyncRequest(
            method: "GET", path: "\(WirePaths.devices)/\(WirePaths.segment(deviceID))/messages",
            query: [.init(name: "after", value: String(sequence)), .init(name: "wait", value: String(wait))],
            token: token, holdSeconds: wait)
        return try decode(PushPoll.self, from: try await exchange(request))
    }
}
