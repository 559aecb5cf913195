import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A TCP socket listening on 127.0.0.1 that accepts connections and never answers: a server
/// holding a long poll. Closing it (or never opening it: ``closedPort()``) gives a port that
/// refuses connections.
final class SilentListener: Sendable {
    let port: Int
    private let socket: Int32

    init() throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw Failure(description: "bind/listen: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socket = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }

    /// Polls (without blocking a thread) up to `seconds` for a client to connect; returns the
    /// accepted connection's descriptor (kept open and silent until the caller closes it), or `nil`.
    func awaitConnection(within seconds: Double) async throws -> Int32? {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < deadline {
            var look = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            if poll(&look, 1, 0) == 1 {
                let connection = accept(socket, nil, nil)
                return connection >= 0 ? connection : nil
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// A loopback port nothing listens on (bound once, then closed).
    static func closedPort() throws -> Int {
        try SilentListener().port
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
