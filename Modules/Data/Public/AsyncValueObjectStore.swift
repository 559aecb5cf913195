import Foundation

/// The `async` forms of every store operation — the seed's `…WithBlock` methods — reached
/// through ``ValueObjectStore/async``: `try await store.async.save(report)`.
///
/// Each runs the blocking operation on a background dispatch queue, so a caller on Swift's
/// cooperative thread pool never blocks it on disk I/O or on another process's write lock.
/// The forms have their own path (rather than `async` overloads of the same names) because
/// overloads that differ only in `async` are chosen by context, which reads ambiguously.
public struct AsyncValueObjectStore: Sendable {
    /// The store whose blocking operations run in the background.
    public let base: any ValueObjectStore

    /// Wraps a store.
    public init(base: any ValueObjectStore) {
        self.base = base
    }

    /// Registers a type. See ``ValueObjectStore/register(_:)``.
    public func register<Object: ValueObject>(_ type: Object.Type) async throws {
        let base = base
        try await offloaded { try base.register(type) }
    }

    /// Saves one object. See ``ValueObjectStore/save(_:)-(Object)``.
    public func save<Object: ValueObject>(_ object: Object) async throws -> Object {
        let base = base
        return try await offloaded { try base.save(object) }
    }

    /// Saves a list of objects in one transaction.
    public func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] {
        let base = base
        return try await offloaded { try base.save(objects) }
    }

    /// Fetches one object by id.
    public func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        let base = base
        return try await offloaded { try base.fetch(type, id: id) }
    }

    /// Deletes one object; returns whether something was deleted.
    @discardableResult
    public func delete<Object: ValueObject>(_ object: Object) async throws -> Bool {
        let base = base
        return try await offloaded { try base.delete(object) }
    }

    /// Deletes a list of objects; returns how many were deleted.
    @discardableResult
    public func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int {
        let base = base
        return try await offloaded { try base.delete(objects) }
    }

    /// Deletes every object of a type; returns how many were deleted.
    @discardableResult
    public func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int {
        let base = base
        return try await offloaded { try base.deleteAll(type) }
    }

    /// Runs a query.
    public func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] {
        let base = base
        return try await offloaded { try base.query(query) }
    }

    /// Counts matching objects.
    public func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int {
        let base = base
        return try await offloaded { try base.count(query) }
    }
}

extension ValueObjectStore {
    /// The `async` forms of this store's operations: `try await store.async.fetch(T.self, id: id)`.
    public var async: AsyncValueObjectStore { AsyncValueObjectStore(base: self) }
}

/// Runs blocking work on a global dispatch queue and resumes the caller with its result.
private func offloaded<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}
