import Foundation
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#endif

extension HandoffListener {
    /// How taking the socket path ended.
    enum Claim: Sendable {
        /// Bound and listening on `socket`; `stale`: a dead host's socket was removed first.
        case bound(HandoffAddress, socket: Int32, inode: UInt64, stale: Bool)
        /// Not taken, and why (one clause naming the path).
        case failure(String)
    }

    /// Resolves the address, checks its folder, clears a stale socket and binds (blocking: run
    /// it on a thread of its own).
    static func claim(container: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Claim {
        let address: HandoffAddress
        switch HandoffAddress.resolve(container: container, environment: environment) {
        case .none(let reason): return .failure(reason)
        case .address(let found): address = found
        }
        if let problem = checkFolder(address) { return .failure(problem) }
        let path = address.path
        // Probe, clear and bind under one lock: two hosts starting at once could otherwise both
        // find the socket "stale" between the other's bind and listen, and one would unlink the
        // other's fresh socket. The lock file (empty, 0600) stays beside the socket.
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        var stale = false
        switch HandoffSocket.kind(of: path) {
        case .missing:
            break
        case .other(let what):
            return .failure(
                localized(
                    "\(path) is \(what), not strata-host's socket; remove it if no strata-host runs",
                    ja: "\(path) は\(what)で、strata-host のソケットではありません。strata-host が動いていなければ削除してください"))
        case .socket(let owner, _):
            guard owner == getuid() else {
                return .failure(
                    localized("\(path) is another user's socket", ja: "\(path) はほかのユーザーのソケットです"))
            }
            switch HandoffSocket.connect(to: path, timeout: .seconds(1)) {
            case .connected(let probe):
                let pid = HandoffSocket.peer(probe).map { "\($0.pid)" } ?? "?"
                close(probe)
                return .failure(
                    localized(
                        "another strata-host (pid \(pid)) takes strata:// URLs for this container at \(path)",
                        ja: "別の strata-host (pid \(pid)) がこのコンテナーの strata:// URL を \(path) で受け取っています"))
            case .failed(let code) where code == ECONNREFUSED:
                // Nobody listens: a host that was killed left it. Remove it and take its place.
                unlink(path)
                stale = true
            case .failed(let code):
                return .failure(
                    localized(
                        "cannot check the socket \(path): \(HandoffSocket.describe(code))",
                        ja: "ソケット \(path) を確認できません: \(HandoffSocket.describe(code))"))
            }
        }
        return bind(address, stale: stale)
    }

    private static func bind(_ address: HandoffAddress, stale: Bool) -> Claim {
        let path = address.path
        let socket = HandoffSocket.stream()
        guard socket >= 0 else {
            return .failure(
                localized(
                    "cannot make a socket for \(path): \(HandoffSocket.describe(errno))",
                    ja: "\(path) のソケットを作成できません: \(HandoffSocket.describe(errno))"))
        }
        // The socket file takes the socket's mode (less the umask) when bound: owner only from the start.
        _ = fchmod(socket, 0o600)
        let bound = HandoffSocket.withAddress(path) { Glibc.bind(socket, $0, $1) }
        guard bound == 0, chmod(path, 0o600) == 0, listen(socket, 16) == 0,
            case .socket(_, let inode) = HandoffSocket.kind(of: path)
        else {
            let code = errno
            close(socket)
            if code == EADDRINUSE {
                return .failure(
                    localized(
                        "another strata-host took \(path) at the same moment",
                        ja: "別の strata-host が同時に \(path) を使い始めました"))
            }
            if bound == 0 { unlink(path) }
            return .failure(
                localized(
                    "cannot listen at \(path): \(HandoffSocket.describe(code))",
                    ja: "\(path) で待ち受けできません: \(HandoffSocket.describe(code))"))
        }
        return .bound(address, socket: socket, inode: inode, stale: stale)
    }

    /// `nil` when the socket's folder is the user's own and no one else may write in it (Strata's
    /// folder under `XDG_RUNTIME_DIR` is created 0700, and made 0700 if it is the user's but
    /// looser); else why not.
    private static func checkFolder(_ address: HandoffAddress) -> String? {
        let folder = address.directory
        if address.ownFolder, mkdir(folder, 0o700) != 0, errno != EEXIST {
            return localized(
                "cannot create \(folder): \(HandoffSocket.describe(errno))",
                ja: "\(folder) を作成できません: \(HandoffSocket.describe(errno))")
        }
        var status = stat()
        // Strata's own folder must be a real folder; the container directory may be reached through a link.
        let found = address.ownFolder ? lstat(folder, &status) : stat(folder, &status)
        guard found == 0, status.st_mode & S_IFMT == S_IFDIR else {
            return localized(
                "\(folder) is not a folder (a symbolic link or a file?); expected a folder only you can write in",
                ja: "\(folder) はフォルダーではありません (シンボリックリンクかファイル?)。自分だけが書き込めるフォルダーが必要です")
        }
        guard status.st_uid == getuid() else {
            return localized(
                "\(folder) belongs to another user; expected a folder of your own",
                ja: "\(folder) はほかのユーザーのものです。自分のフォルダーが必要です")
        }
        if address.ownFolder, status.st_mode & 0o077 != 0 {
            guard chmod(folder, 0o700) == 0 else {
                return localized(
                    "cannot make \(folder) owner-only: \(HandoffSocket.describe(errno))",
                    ja: "\(folder) を所有者専用にできません: \(HandoffSocket.describe(errno))")
            }
        } else if status.st_mode & 0o022 != 0 {
            return localized(
                "others may write in \(folder); the socket needs a folder only you can write in (set XDG_RUNTIME_DIR)",
                ja: "\(folder) にはほかのユーザーも書き込めます。ソケットには自分だけが書き込めるフォルダーが必要です (XDG_RUNTIME_DIR を設定してください)")
        }
        return nil
    }
}
