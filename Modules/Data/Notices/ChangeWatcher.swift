#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataJournal

/// One notice stream's polling loop, on its own read-only connection (never the data
/// layer's shared one, so a watcher never waits for the store's mutex or holds a snapshot).
///
/// Not thread-safe: made by ``SQLiteChangeNotices/changes(of:)`` on the stream's polling queue
/// and then used only inside one mutex, by one serial timer on that queue.
final class ChangeWatcher {
    private let connection: SQLiteConnection
    /// The types to report; all when empty.
    private let typeNames: Set<String>
    private let logger: Logger
    private var dataVersion: Int64
    private var versions: [String: Int64]

    /// Opens the watcher's connection and takes the baseline: changes committed before this
    /// returns are not reported, every later commit to a watched type is.
    init(path: String, typeNames: Set<String>, logger: Logger) throws {
        connection = try SQLiteConnection(path: path, access: .readOnly)
        self.typeNames = typeNames
        self.logger = logger
        dataVersion = try connection.integer("PRAGMA data_version")
        versions = try Self.typeVersions(connection)
    }

    /// One check: a pragma read, and the counters only when some connection committed.
    /// A failed check (a busy or briefly unreadable file) is logged and retried next time.
    func poll() -> StoreChange? {
        do {
            let current = try connection.integer("PRAGMA data_version")
            guard current != dataVersion else { return nil }
            let latest = try Self.typeVersions(connection)
            dataVersion = current
            let changed = Self.changedTypes(from: versions, to: latest)
            versions = latest
            let reported = typeNames.isEmpty ? changed : changed.intersection(typeNames)
            return reported.isEmpty ? nil : StoreChange(typeNames: reported)
        } catch {
            logger.debug("change notices poll failed", metadata: ["path": "\(connection.path)", "error": "\(error)"])
            return nil
        }
    }

    /// The per-type counters (empty while the table does not exist, e.g. an older store).
    static func typeVersions(_ connection: SQLiteConnection) throws -> [String: Int64] {
        let exists = try connection.withStatement(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '_strata_type_versions'"
        ) { statement in try statement.step() && statement.int64(at: 0) > 0 }
        guard exists else { return [:] }
        return try connection.withStatement(#"SELECT "typeName", "version" FROM "_strata_type_versions""#) { statement in
            var versions: [String: Int64] = [:]
            while try statement.step() { versions[statement.text(at: 0)] = statement.int64(at: 1) }
            return versions
        }
    }

    /// Types whose counter appeared, moved or disappeared.
    static func changedTypes(from old: [String: Int64], to new: [String: Int64]) -> Set<String> {
        var changed = Set(new.filter { old[$0.key] != $0.value }.keys)
        changed.formUnion(old.keys.filter { new[$0] == nil })
        return changed
    }
}
