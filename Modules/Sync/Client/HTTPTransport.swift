import Foundation
import StrataData
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live ``SyncTransport``: JSON over HTTP with `URLSession`, one request per call.
struct HTTPTransport: SyncTransport {
    private let baseURL: String
    private let session: URLSession

    init(configuration: SyncConfiguration) {
        var base = configuration.serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base
        let settings = URLSessionConfiguration.ephemeral
        settings.timeoutIntervalForRequest = configuration.requestTimeout
        settings.timeoutIntervalForResource = configuration.requestTimeout * 2
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: settings)
    }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        guard var components = URLComponents(string: baseURL + request.path) else {
            throw DataError(.offline, "the sync server URL \(baseURL)\(request.path) is not a valid URL")
        }
        if !request.query.isEmpty {
            components.queryItems = request.query.map { URLQueryItem(name: $0.name, value: $0.value) }
        }
        guard let url = components.url else {
            throw DataError(.offline, "the sync server URL \(baseURL)\(request.path) is not a valid URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token = request.token {
            urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        if let body = request.body {
            urlRequest.httpBody = body
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: urlRequest)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return SyncResponse(status: status, body: data)
    }
}
