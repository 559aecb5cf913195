import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One loopback TCP connection that sends bytes exactly as given (broken HTTP framing that no
/// HTTP client would send) and reads the answer until the server closes or `timeout` passes.
/// The blocking socket calls run on a thread of their own, never on the cooperative pool.
enum RawExchange {
    /// What came back: the bytes as text, and whether the server closed the connection.
    struct Answer: Sendable, CustomStringConvertible {
        var text: String
        var closed: Bool
        /// The status of the first response line (`HTTP/1.1 400 …`), or `nil`.
        var status: Int? {
            guard text.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }
        var description: String { "closed: \(closed)\n\(text.prefix(600))" }
    }

    /// Connects to `127.0.0.1:port`, sends `bytes`, half-closes the sending side when
    /// `halfClose`, and reads until the end of the stream (or `timeout` seconds).
    static func exchange(port: Int, bytes: [UInt8], halfClose: Bool, timeout: TimeInterval = 5) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            // A thread of its own: blocking Dispatch's few worker threads would also starve
            // the cooperative pool (on Linux it runs on them), the in-process server included.
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try exchangeBlocking(port: port, bytes: bytes, halfClose: halfClose, timeout: timeout) })
            }
        }
    }

    /// ``exchange(port:bytes:halfClose:timeout:)`` on the calling thread (which it blocks).
    static func exchangeBlocking(port: Int, bytes: [UInt8], halfClose: Bool, timeout: TimeInterval) throws -> Answer {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw POSIXError(.EPIPE) }
            sent += count
        }
        if halfClose { shutdown(fd, Int32(SHUT_WR)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return Answer(text: String(decoding: received, as: UTF8.self), closed: true) }
            if count < 0 { return Answer(text: String(decoding: received, as: UTF8.self), closed: false) }
            received += buffer[..<count]
        }
    }
}
