import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a server on loopback, for what URLSession cannot do: send a request
/// head a byte at a time, keep a connection idle, see when the server closes it.
///
/// Its calls block (with a bound); run them off the cooperative pool, with ``onThread(_:)``.
final class RawConnection {
    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw RawConnectionError("connect: errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return sent == bytes.count
    }

    /// Sends every byte of `bytes` (for framing no HTTP client would send).
    func sendAll(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw RawConnectionError("send: errno \(errno)") }
            sent += count
        }
    }

    /// Closes the sending side: the server reads the end of the request stream.
    func halfClose() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until the server ends the stream, what was read satisfies `enough` (when given), or
    /// `timeout` passes: everything read, and whether the stream ended cleanly (a reset, the
    /// timeout or stopping at `enough` is not a clean end).
    func readToEnd(timeout: Duration, enough: ((Data) -> Bool)? = nil) -> (data: Data, ended: Bool) {
        let deadline = ContinuousClock.now + timeout
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)) > 0
            else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (data, true) }
            if count < 0 { return (data, false) }
            data.append(contentsOf: buffer[0..<count])
            if let enough, enough(data) { return (data, false) }
        }
        return (data, false)
    }

    /// What ``receive(timeout:)`` saw.
    enum Received: Equatable {
        case bytes(Data)
        /// The server closed the connection (end of stream or reset).
        case closed
        case timedOut
    }

    /// Waits up to `timeout` for bytes or the connection's end.
    func receive(timeout: Duration) -> Received {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let ready = poll(&entry, 1, Int32(milliseconds))
        guard ready > 0 else { return .timedOut }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? .bytes(Data(buffer[0..<count])) : .closed
    }

    /// Reads until the connection ends or `timeout` passes: everything read, and when it ended
    /// (nil when it did not).
    func readUntilClosed(timeout: Duration) -> (data: Data, closedAt: ContinuousClock.Instant?) {
        let deadline = ContinuousClock.now + timeout
        var data = Data()
        while ContinuousClock.now < deadline {
            switch receive(timeout: min(deadline - ContinuousClock.now, .milliseconds(100))) {
            case .bytes(let bytes): data.append(bytes)
            case .closed: return (data, ContinuousClock.now)
            case .timedOut: continue
            }
        }
        return (data, nil)
    }
}

/// A failed socket call.
struct RawConnectionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs blocking `work` on a thread of its own, keeping the cooperative pool free.
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
