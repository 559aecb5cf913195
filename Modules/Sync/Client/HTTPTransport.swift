import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The live ``SyncTransport``: JSON over HTTP/1.1 with AsyncHTTPClient, on the process's one
/// shared client (``SharedHTTPClient``), so requests to the server reuse kept-alive connections.
///
/// Each request has a deadline of the configured request timeout (plus the time a long poll
/// asks the server to hold it). Cancelling the calling task ends the request at once: a
/// long poll stops as soon as its task is cancelled (SIGTERM in `strata-notifyd`).
struct HTTPTransport: SyncTransport {
    /// The largest answer read, in bytes (a pull page of 1,000 large objects fits many times).
    static let maxAnswerBytes = 256 * 1024 * 1024

    private let client: HTTPClient
    private let baseURL: String
    private let requestTimeout: Double

    init(configuration: SyncConfiguration, client: HTTPClient = SharedHTTPClient.client) {
        var base = configuration.serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base
        requestTimeout = configuration.requestTimeout
        self.client = client
    }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        var outgoing = HTTPClientRequest(url: baseURL + request.path + Self.queryString(request.query))
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.headers.add(name: "Accept", value: "application/json")
        if let token = request.token {
            outgoing.headers.add(name: "Authorization", value: "Bearer \(token)")
        }
        if let body = request.body {
            outgoing.headers.add(name: "Content-Type", value: "application/json")
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let seconds = max(0.001, requestTimeout + max(0, request.holdSeconds))
        let response = try await client.execute(outgoing, timeout: .nanoseconds(Int64(seconds * 1_000_000_000)))
        let body = try await response.body.collect(upTo: Self.maxAnswerBytes)
        return SyncResponse(
            status: Int(response.status.code), body: Data(body.readableBytesView),
            date: response.headers.first(name: "Date").flatMap(HTTPDate.parse))
    }

    /// `?name=value&…`, each part percent-encoded, or empty without parameters.
    static func queryString(_ parameters: [SyncRequest.Parameter]) -> String {
        guard !parameters.isEmpty else { return "" }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        return "?" + parameters.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }
}
