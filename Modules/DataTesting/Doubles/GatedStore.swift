import StrataStore

/// The store of a double: each call passes the ``CallGate`` (allowed? failure injected?),
/// then goes to the real store unchanged.
struct GatedStore: ValueObjectStore {
    let base: any ValueObjectStore
    let gate: CallGate

    func register<Object: ValueObject>(_ type: Object.Type) async throws {
        try gate.admit(.register, Object.schema.typeName)
        try await base.register(type)
    }

    func save<Object: ValueObject>(_ object: Object) async throws -> Object {
        try gate.admit(.save, Object.schema.typeName)
        return try await base.save(object)
    }

    func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] {
        try gate.admit(.saveList, Object.schema.typeName)
        return try await base.save(objects)
    }

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        try gate.admit(.fetch, Object.schema.typeName)
        return try await base.fetch(type, id: id)
    }

    func delete<Object: ValueObject>(_ object: Object) async throws -> Bool {
        try gate.admit(.delete, Object.schema.typeName)
        return try await base.delete(object)
    }

    func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int {
        try gate.admit(.deleteList, Object.schema.typeName)
        return try await base.delete(objects)
    }

    func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int {
        try gate.admit(.deleteAll, Object.schema.typeName)
        return try await base.deleteAll(type)
    }

    func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] {
        try gate.admit(.query, Object.schema.typeName)
        return try await base.query(query)
    }

    func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int {
        try gate.admit(.count, Object.schema.typeName)
        return try await base.count(query)
    }
}
