import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Plain HTTP/1.1 over blocking loopback sockets: enough for the set-up requests (login, device
/// registration, seeding) and for holding a thousand idle long polls open without a client
/// library's own cost in the figure.
struct RawHTTP {
    /// A failed request: what was asked and what came back.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: UInt16

    /// A connected socket to 127.0.0.1:`port`.
    func connect() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(code)")
        }
        return socket
    }

    /// The bytes of a request.
    static func request(_ method: String, _ path: String, token: String?, body: Data?, close: Bool) -> Data {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        if close { head += "Connection: close\r\n" }
        return Data((head + "\r\n").utf8) + (body ?? Data())
    }

    /// Writes all of `data` to `socket`.
    static func write(_ data: Data, to socket: Int32) throws {
        var sent = 0
        while sent < data.count {
            let count = data.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, data.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            sent += count
        }
    }

    /// Sends one request on a connection of its own and returns the status and body; a status
    /// other than `expect` throws, quoting the body.
    @discardableResult
    func send(_ method: String, _ path: String, token: String? = nil, body: Data? = nil, expect: Int = 200) throws -> Data {
        let socket = try connect()
        defer { close(socket) }
        try Self.write(Self.request(method, path, token: token, body: body, close: true), to: socket)
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        guard let split = answer.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "\(method) \(path): no HTTP answer")
        }
        let head = String(decoding: answer[..<split.lowerBound], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let content = answer[split.upperBound...]
        guard status == expect else {
            throw Failure(description: "\(method) \(path) answered \(status), expected \(expect): \(String(decoding: content, as: UTF8.self))")
        }
        // Chunked answers are not expected from the routes used here; a body is read as it came.
        return Data(content)
    }

    /// Logs `account` in to `org.strata.bench` version 1 and returns the token.
    func login(account: String, password: String, appKey: String) throws -> String {
        let body = try JSONSerialization.data(withJSONObject: [
            "account": account, "password": password, "appId": "org.strata.bench", "appVersion": "1", "appKey": appKey,
        ])
        let answer = try send("POST", "/v1/auth/login", body: body)
        guard let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any], let token = object["token"] as? String else {
            throw Failure(description: "the login answered no token: \(String(decoding: answer, as: UTF8.self))")
        }
        return token
    }
}
