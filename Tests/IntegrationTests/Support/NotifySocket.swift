import Foundation

/// The service manager's end of systemd's notification protocol, as a test holds it: a unix
/// datagram socket bound at a path (the `NOTIFY_SOCKET` a child is started with), read without
/// waiting so a test polls it with `eventually` and never blocks a thread of the pool.
final class NotifySocket: Sendable {
    /// The socket's path: the child's `NOTIFY_SOCKET`.
    let path: String
    private let descriptor: Int32

    /// Binds a socket at `path` (at most 107 bytes, the `sun_path` limit).
    init(path: String) throws {
        self.path = path
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(description: "socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw SocketError(description: "\(path) is too long for a unix socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(description: "bind \(path): errno \(code)")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Every datagram waiting now, each as text (sd_notify sends one message a datagram).
    func receiveWaiting() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { return messages }
            messages.append(String(decoding: buffer[..<count], as: UTF8.self))
        }
    }

    struct SocketError: Error, CustomStringConvertible {
        let description: String
    }
}
