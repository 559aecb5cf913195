import Foundation

/// The one folder, `<temp>/strata-tests-<pid>/`, that holds every temporary directory this
/// test process creates; it is removed when the process exits, so a full `swift test` leaves
/// nothing behind in the temp directory, even when a test fails before its own clean-up.
///
/// Every test target that needs temporary directories has its own copy of this helper (a
/// test target cannot import another); all copies in one process name the same folder.
enum TemporaryRoot {
    /// `<temp>/strata-tests-<pid>`, computed once per process.
    static let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("strata-tests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    /// A fresh path `<root>/<prefix>-<uuid>` inside the (created) root; the path itself is not created.
    static func directory(_ prefix: String) -> URL {
        _ = prepared
        return url.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }

    /// Creates the root (owner-only) and registers its removal, once: a `static let`
    /// initializer runs exactly once, even when tests call ``directory(_:)`` in parallel.
    private static let prepared: Void = {
        try? FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Safe: atexit takes a C function pointer, which cannot capture anything, so the
        // callback reads only the immutable, already initialized static `url`. It runs when the
        // test runner calls exit(), after every test (and every child process a test waited
        // for) has finished, so nothing writes under the root any more. The copies in other
        // test targets register the same removal; removing a missing folder does nothing.
        atexit { try? FileManager.default.removeItem(at: TemporaryRoot.url) }
    }()
}
