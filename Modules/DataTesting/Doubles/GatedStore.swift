import StrataData

/// The store of a double: each call passes the ``CallGate`` (allowed? failure injected?),
/// then goes to the real store unchanged.
struct GatedStore: ValueObjectStore {
    let base: any ValueObjectStore
    let gate: CallGate

    func register<Object: ValueObject>(_ type: Object.Type) throws {
        try gate.admit(.register, Object.schema.typeName)
        try base.register(type)
    }

    func save<Object: ValueObject>(_ object: Object) throws -> Object {
        try gate.admit(.save, Object.schema.typeName)
        return try base.save(object)
    }

    func save<Object: ValueObject>(_ objects: [Object]) throws -> [Object] {
        try gate.admit(.saveList, Object.schema.typeName)
        return try base.save(objects)
    }

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) throws -> Object? {
        try gate.admit(.fetch, Object.schema.typeName)
        return try base.fetch(type, id: id)
    }

    func delete<Object: ValueObject>(_ object: Object) throws -> Bool {
        try gate.admit(.delete, Object.schema.typeName)
        return try base.delete(object)
    }

    func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int {
        try gate.admit(.deleteList, Object.schema.typeName)
        return try base.delete(objects)
    }

    func deleteAll<Object: ValueObject>(_ type: Object.Type) throws -> Int {
        try gate.admit(.deleteAll, Object.schema.typeName)
        return try base.deleteAll(type)
    }

    func query<Object: ValueObject>(_ query: Query<Object>) throws -> [Object] {
        try gate.admit(.query, Object.schema.typeName)
        return try base.query(query)
    }

    func count<Object: ValueObject>(_ query: Query<Object>) throws -> Int {
        try gate.admit(.count, Object.schema.typeName)
        return try base.count(query)
    }
}
