import Foundation
import Logging

/// Placeholder: the SQLite-backed store (being written).
final class SQLiteStore: ValueObjectStore {
    enum Mode { case readWrite, readOnly }
    init(url: URL, mode: Mode, logger: Logger) throws { fatalError("not yet") }
    func register<Object: ValueObject>(_ type: Object.Type) throws { fatalError() }
    func save<Object: ValueObject>(_ object: Object) throws -> Object { fatalError() }
    func save<Object: ValueObject>(_ objects: [Object]) throws -> [Object] { fatalError() }
    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) throws -> Object? { fatalError() }
    func delete<Object: ValueObject>(_ object: Object) throws -> Bool { fatalError() }
    func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int { fatalError() }
    func deleteAll<Object: ValueObject>(_ type: Object.Type) throws -> Int { fatalError() }
    func query<Object: ValueObject>(_ query: Query<Object>) throws -> [Object] { fatalError() }
    func count<Object: ValueObject>(_ query: Query<Object>) throws -> Int { fatalError() }
}
