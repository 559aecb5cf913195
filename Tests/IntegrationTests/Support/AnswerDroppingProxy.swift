import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP proxy in front of the sync server that forwards every request whole but
/// never lets an answer through: as soon as the server starts answering (so it has done the
/// work), the proxy cuts both connections. To the client this is the server dying after it
/// committed and before it replied — deterministically, which a real kill only hits by luck.
final class AnswerDroppingProxy: Sendable {
    /// `http://127.0.0.1:PORT`, to use as `STRATA_SERVER_URL`.
    let url: String
    private let listener: Int32
    private let dropped = Mutex(0)

    /// Listens on a free loopback port and forwards each connection to `upstreamPort`.
    init(upstreamPort: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard listener >= 0, bound == 0, named == 0, listen(listener, 16) == 0 else {
            throw ServerFailure(description: "the proxy cannot listen on a loopback port: errno \(errno)")
        }
        url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { return }  // the listener was shut down
                Thread.detachNewThread { self.relay(client, upstreamPort: upstreamPort) }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// How many answers the proxy cut off so far.
    var droppedAnswers: Int { dropped.withLock { $0 } }

    /// Forwards `client`'s bytes to the server until the server's first answer byte, then
    /// closes both sides without passing the answer on.
    private func relay(_ client: Int32, upstreamPort: Int) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(upstream)
            close(client)
            return
        }
        let requestDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Self.pump(from: client, to: upstream)
            shutdown(upstream, Int32(SHUT_WR))  // the client is done: let the server see the end too
            requestDone.signal()
        }
        var byte: UInt8 = 0
        if recv(upstream, &byte, 1, 0) == 1 { dropped.withLock { $0 += 1 } }
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(upstream, Int32(SHUT_RDWR))
        requestDone.wait()
        close(client)
        close(upstream)
    }

    /// Copies bytes until `source` ends or either side fails.
    private static func pump(from source: Int32, to target: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(source, &buffer, buffer.count, 0)
            if count <= 0 { return }
            var sent = 0
            while sent < count {
                let written = buffer[sent..<count].withUnsafeBytes {
                    send(target, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if written <= 0 { return }
                sent += written
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
