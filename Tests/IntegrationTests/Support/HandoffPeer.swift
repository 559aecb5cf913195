import Foundation
import StrataTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A test's own end of a Unix stream socket: a hostile or hand-written client of strata-host's
/// handoff channel, or a decoy listener. Every call blocks its thread (at most until its
/// timeout): call them through `offThePool`.
enum HandoffPeer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to the socket at `path`.
    static func connect(_ path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let connected = withAddress(path) { Glibc.connect(descriptor, $0, $1) }
        guard descriptor >= 0, connected == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "connect \(path): errno \(code)")
        }
        return descriptor
    }

    /// A listening socket at `path` (a decoy a planted link points at).
    static func listen(_ path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = withAddress(path) { bind(descriptor, $0, $1) }
        guard descriptor >= 0, bound == 0, Glibc.listen(descriptor, 4) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "listen \(path): errno \(code)")
        }
        return descriptor
    }

    /// Whether a connection is waiting on the listening `descriptor` (never waits).
    static func hasPendingConnection(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// Sends `bytes` (ignoring a peer that has closed).
    static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// One line the peer writes (without its line feed), or what came before it closed or
    /// `timeout` passed. Reads a byte at a time, so nothing after the line is consumed.
    static func readLine(_ descriptor: Int32, timeout: Duration = Patience.childProcess) -> String {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while ContinuousClock.now < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) >= 0 else { break }
            guard entry.revents != 0 else { continue }
            guard recv(descriptor, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") else { break }
            received.append(byte)
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Everything the peer writes until it closes, or until `timeout` has passed.
    static func readUntilClosed(_ descriptor: Int32, timeout: Duration = Patience.childProcess) -> String {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) >= 0 else { break }
            guard entry.revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: chunk[..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }

    private static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(107))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
