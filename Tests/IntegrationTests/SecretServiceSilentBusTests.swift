import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A session bus whose socket accepts connections but never answers (a hung bus or keyring):
/// every Secret Service call gives up after 5 s, so strata-host never hangs. A new store's key
/// falls back to the key file with one line; a key kept in the keyring is reported unreachable.
@Suite("A session bus that never answers: the Secret Service is given up after 5 s", .childProcessSlot, .serialized)
struct SecretServiceSilentBusTests {
    typealias PrivateSession = SecretServiceKeyTests.PrivateSession

    /// A Unix socket that takes connections (the kernel's backlog) and never reads nor writes.
    final class SilentSocket: Sendable {
        let path: String
        private let descriptor: Int32

        init() throws {
            path = "/tmp/strata-silent-\(UUID().uuidString.prefix(8)).sock"
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw SocketFailure(description: "socket: \(errno)") }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(descriptor, 128) == 0 else {
                _ = Glibc.close(descriptor)
                throw SocketFailure(description: "bind/listen \(path): \(errno)")
            }
        }

        var address: String { "unix:path=\(path)" }

        func stop() {
            _ = Glibc.close(descriptor)
            unlink(path)
        }

        struct SocketFailure: Error, CustomStringConvertible { let description: String }
    }

    private func host(_ home: URL, bus: String, extra: [String: String] = [:]) -> StrataProcess {
        StrataProcess(
            "strata-host", home: home,
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus, "HOME": home.path].merging(extra) { _, new in new })
    }

    private func keyFile(_ home: URL) -> URL { home.appendingPathComponent("keys/data.key") }

    @Test("a new store's key goes to the 0600 file after 5 s, said in one line, exit 0; store key says why the keyring is not used")
    func newKeyFallsBackToTheFile() async throws {
        let silent = try SilentSocket()
        defer { silent.stop() }
        let home = temporaryHome()
        let started = Date()
        let added = try await host(home, bus: silent.address)
            .run(["reports", "add", "--patient-name", "Maren Quist", "--age", "40"], timeout: Patience.childProcessSeconds)
        #expect(added.status == 0, "\(added)")
        #expect(Date().timeIntervalSince(started) < 45, "bounded, not hung: \(added)")
        #expect(added.stderrLines.count == 1, "one line: \(added)")
        #expect(
            added.stderr.hasPrefix("strata-host: the Secret Service did not answer within 5 s")
                && added.stderr.contains(keyFile(home).path), "\(added)")
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile(home).path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let listed = try await host(home, bus: silent.address).run(["reports", "list", "--json"], timeout: Patience.childProcessSeconds)
        #expect(listed.status == 0 && listed.stdout.contains("Maren Quist") && listed.stderr.isEmpty, "\(listed)")
        let shown = try await host(home, bus: silent.address).run(["store", "key"], timeout: Patience.childProcessSeconds)
        #expect(shown.status == 0 && shown.stdout.contains("did not answer within 5 s"), "\(shown)")
    }

    @Test("a key kept in the Secret Service behind a bus that never answers is unreachable: store key exits 75, a command one line; no key is made")
    func keptKeyIsUnreachable() async throws {
        let home = temporaryHome()
        let session = try await PrivateSession()
        try await withCleanUp(of: session, by: { await $0.stop() }) { session in
            try await session.startKeyring()
            var environment = session.environment
            environment["LANG"] = "C.UTF-8"
            let added = try await StrataProcess("strata-host", home: home, extraEnvironment: environment)
                .run(["reports", "add", "--patient-name", "Maren Quist", "--age", "40"])
            #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
            #expect(try await session.lookUp(home: home) != nil)
        }
        let silent = try SilentSocket()
        defer { silent.stop() }
        let shown = try await host(home, bus: silent.address).run(["store", "key"], timeout: Patience.childProcessSeconds)
        #expect(shown.status == 75 && shown.stderrLines.count == 1, "\(shown)")
        #expect(shown.stderr.contains("did not answer within 5 s"), "\(shown)")
        let listed = try await host(home, bus: silent.address).run(["reports", "list"], timeout: Patience.childProcessSeconds)
        #expect(listed.status != 0 && listed.stderrLines.count == 1, "\(listed)")
        #expect(listed.stderr.contains("did not answer within 5 s"), "\(listed)")
        #expect(!FileManager.default.fileExists(atPath: keyFile(home).path), "no new key was made")
    }
}
