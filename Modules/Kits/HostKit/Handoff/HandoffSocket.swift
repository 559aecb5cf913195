import Foundation
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#endif

/// The POSIX calls the handoff channel is made of, each bounded in time: a Unix stream socket
/// by path, who is at the other end (`SO_PEERCRED`), one line read or written before a deadline.
///
/// Every call here blocks its thread (at most until the deadline given): callers run them on
/// a thread of their own, never on the cooperative pool.
enum HandoffSocket {
    /// What is at a socket path, seen without following a symbolic link (`lstat`).
    enum PathKind: Equatable {
        /// Nothing.
        case missing
        /// A socket, owned by `owner`, with inode `inode`.
        case socket(owner: uid_t, inode: UInt64)
        /// Something else (a symbolic link, a file, a folder), described in words.
        case other(String)
    }

    /// How one line was read.
    enum ReadOutcome: Equatable {
        /// The line, without its line feed.
        case line(String)
        /// More than the limit arrived without a line feed.
        case tooLong
        /// The deadline passed first.
        case timedOut
        /// The other end closed (or failed) before a whole line.
        case closed
    }

    /// Who is at the other end of a connected socket.
    struct Peer: Equatable {
        let pid: Int32
        let uid: uid_t
    }

    /// The text of an `errno` value.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// A new Unix stream socket (close-on-exec), or -1.
    static func stream() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// Calls `body` with `path` as a socket address (`path` fits: see ``HandoffAddress``).
    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(HandoffAddress.maximumPathBytes))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// What is at `path`, without following a symbolic link.
    static func kind(of path: String) -> PathKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFSOCK: return .socket(owner: status.st_uid, inode: UInt64(status.st_ino))
        case S_IFLNK: return .other(localized("a symbolic link", ja: "シンボリックリンク"))
        case S_IFDIR: return .other(localized("a folder", ja: "フォルダー"))
        default: return .other(localized("a file that is not a socket", ja: "ソケットではないファイル"))
        }
    }

    /// The process and user at the other end of `descriptor` (`SO_PEERCRED`), or `nil`.
    static func peer(_ descriptor: Int32) -> Peer? {
        // struct ucred: pid_t pid, uid_t uid, gid_t gid (three 32-bit fields, in this order).
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return Peer(pid: credentials.0, uid: credentials.1)
    }

    /// How a connection attempt ended.
    enum Connection: Equatable {
        /// Connected: the descriptor, in blocking mode.
        case connected(Int32)
        /// Failed with this `errno` (`ECONNREFUSED`: no one listens; `ETIMEDOUT`: too slow).
        case failed(Int32)
    }

    /// Connects to the socket at `path` within `timeout`.
    static func connect(to path: String, timeout: Duration) -> Connection {
        let descriptor = stream()
        guard descriptor >= 0 else { return .failed(errno) }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        let started = withAddress(path) { Glibc.connect(descriptor, $0, $1) }
        if started != 0 {
            let code = errno
            // A Unix socket's non-blocking connect never goes on in the background: EAGAIN
            // means the listener's backlog is full and no connection was started (a poll would
            // then see the unconnected socket "writable"). Only EINPROGRESS is waited for.
            guard code == EINPROGRESS else {
                close(descriptor)
                return .failed(code)
            }
            guard wait(descriptor, for: Int16(POLLOUT), until: .now + timeout) else {
                close(descriptor)
                return .failed(ETIMEDOUT)
            }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
            if failure != 0 {
                close(descriptor)
                return .failed(failure)
            }
        }
        _ = fcntl(descriptor, F_SETFL, flags)
        return .connected(descriptor)
    }

    /// Reads one line (up to a line feed) of at most `limit` bytes before `deadline`.
    static func readLine(_ descriptor: Int32, limit: Int, until deadline: ContinuousClock.Instant) -> ReadOutcome {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            guard wait(descriptor, for: Int16(POLLIN), until: deadline) else { return .timedOut }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count > 0 else { return .closed }
            received.append(contentsOf: chunk[..<count])
            if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                guard end < limit else { return .tooLong }
                return .line(String(decoding: received[..<end], as: UTF8.self))
            }
            if received.count >= limit { return .tooLong }
        }
    }

    /// Writes `text` and a line feed before `deadline`, never raising SIGPIPE.
    ///
    /// - Returns: whether all of it was written.
    @discardableResult
    static func writeLine(_ descriptor: Int32, _ text: String, until deadline: ContinuousClock.Instant) -> Bool {
        var bytes = Array((text + "\n").utf8)[...]
        while !bytes.isEmpty {
            guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else { return false }
            let count = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes = bytes.dropFirst(count)
        }
        return true
    }

    /// Waits until `descriptor` is ready for `events` (or has hung up), at most until `deadline`.
    static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }
}
