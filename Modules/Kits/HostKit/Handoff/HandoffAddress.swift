import Foundation
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#endif

/// Where the interactive `strata-host` of one container listens for URLs handed over by
/// `strata-host open`: a Unix domain socket private to the user.
///
/// Tried in order, the first whose path fits a socket address (`sun_path`: 107 bytes and a NUL):
/// 1. `$XDG_RUNTIME_DIR/strata/host-<hash>.sock`, `<hash>` the FNV-1a hash of the container
///    directory's path (one socket a container, so two `STRATA_HOME`s never meet), the folder
///    created owner-only (0700);
/// 2. `<container>/host.sock`, in the container directory itself (created 0700 by the store).
///
/// The listener and the client compute the same address from the same container path and
/// `XDG_RUNTIME_DIR`, so they find each other without any other configuration.
struct HandoffAddress: Equatable, Sendable {
    /// The folder holding the socket: the user's own, no one else may write in it.
    let directory: String
    /// The socket's path.
    let path: String
    /// Whether ``directory`` is Strata's own folder under `XDG_RUNTIME_DIR` (created 0700 when
    /// missing); else it is the container directory, which the store created.
    let ownFolder: Bool

    /// The longest socket path a `sockaddr_un` holds (108 bytes with the terminating NUL).
    static let maximumPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The address for `container`, or why there is none.
    enum Resolution: Equatable, Sendable {
        /// The first candidate that fits.
        case address(HandoffAddress)
        /// No candidate fits (or the container is not a directory, e.g. `in-memory`): the reason.
        case none(String)
    }

    /// The candidates in the order tried: the runtime folder (when `runtimeDirectory` is an
    /// absolute path), then the container directory (when `container` is one).
    static func candidates(container: String, runtimeDirectory: String?) -> [HandoffAddress] {
        guard container.hasPrefix("/") else { return [] }
        // One spelling per container (`/a//b`, `/a/./b/` and `/a/b` are one), for the hash too.
        let standardized = URL(fileURLWithPath: container).standardizedFileURL.path
        var found: [HandoffAddress] = []
        if let runtime = runtimeDirectory, runtime.hasPrefix("/") {
            let folder = URL(fileURLWithPath: runtime).appendingPathComponent("strata").path
            found.append(
                HandoffAddress(directory: folder, path: folder + "/host-\(hash(standardized)).sock", ownFolder: true))
        }
        let folder = standardized
        found.append(HandoffAddress(directory: folder, path: folder + "/host.sock", ownFolder: false))
        return found
    }

    /// The address for the container at `container` (``HostRuntime/location``), with
    /// `XDG_RUNTIME_DIR` read from `environment` (default: the process's).
    static func resolve(
        container: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Resolution {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let candidates = candidates(container: container, runtimeDirectory: runtime)
        guard !candidates.isEmpty else {
            return .none(
                localized(
                    "the container \(container) is not a directory, so no other strata-host can reach this one",
                    ja: "コンテナー \(container) はディレクトリではないため、ほかの strata-host からこのホストに届きません"))
        }
        if let fitting = candidates.first(where: { $0.path.utf8.count <= maximumPathBytes }) {
            return .address(fitting)
        }
        let tried = candidates.map(\.path).joined(separator: ", ")
        return .none(
            localized(
                "every socket path is longer than \(maximumPathBytes) bytes (\(tried)); set XDG_RUNTIME_DIR "
                    + "or STRATA_HOME to a shorter directory",
                ja: "ソケットのパスがすべて \(maximumPathBytes) バイトを超えています (\(tried))。XDG_RUNTIME_DIR か "
                    + "STRATA_HOME を短いディレクトリにしてください"))
    }

    /// The FNV-1a 64-bit hash of `text`'s UTF-8, as 16 hex digits: stable across processes
    /// (Swift's `Hasher` is seeded afresh in each one).
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
