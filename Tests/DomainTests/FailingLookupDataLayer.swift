import StrataData
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore

/// A data layer over a real one whose `fetch` always fails with `DataError` `sqlite`, as a
/// store with a damaged page would: every other call goes straight through.
struct FailingLookupDataLayer: DataLayer, ValueObjectStore {
    /// The message of the error every `fetch` throws.
    static let failure = "disk I/O error reading test.sqlite"

    let inner: any DataLayer

    var store: any ValueObjectStore { self }
    var isWritable: Bool { inner.isWritable }
    var location: String { inner.location }
    var journal: any ChangeJournal { inner.journal }
    var diagnostics: any DiagnosticLog { inner.diagnostics }
    var session: any SessionStore { inner.session }
    var syncState: any SyncStateStore { inner.syncState }
    var conflicts: any SyncConflictStore { inner.conflicts }
    var notices: any ChangeNotices { inner.notices }

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        throw DataError(.sqlite, Self.failure)
    }

    func register<Object: ValueObject>(_ type: Object.Type) async throws { try await inner.store.register(type) }
    func save<Object: ValueObject>(_ object: Object) async throws -> Object { try await inner.store.save(object) }
    func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] { try await inner.store.save(objects) }
    func delete<Object: ValueObject>(_ object: Object) async throws -> Bool { try await inner.store.delete(object) }
    func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int { try await inner.store.delete(objects) }
    func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int { try await inner.store.deleteAll(type) }
    func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] { try await inner.store.query(query) }
    func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int { try await inner.store.count(query) }
}
