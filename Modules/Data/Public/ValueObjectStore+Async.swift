import Foundation

/// The `async` forms: each runs the blocking operation on a background queue, so callers on
/// Swift's cooperative thread pool never block it on disk I/O or a busy lock.
extension ValueObjectStore {
    /// Registers a type without blocking the caller. See ``register(_:)``.
    public func register<Object: ValueObject>(_ type: Object.Type) async throws {
        try await offloaded { try self.register(type) }
    }

    /// Saves one object without blocking the caller. See ``save(_:)-(Object)``.
    public func save<Object: ValueObject>(_ object: Object) async throws -> Object {
        try await offloaded { try self.save(object) }
    }

    /// Saves a list of objects in one transaction without blocking the caller.
    public func save<Object: ValueObject>(_ objects: [Object]) async throws -> [Object] {
        try await offloaded { try self.save(objects) }
    }

    /// Fetches one object by id without blocking the caller.
    public func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
        try await offloaded { try self.fetch(type, id: id) }
    }

    /// Deletes one object without blocking the caller.
    @discardableResult
    public func delete<Object: ValueObject>(_ object: Object) async throws -> Bool {
        try await offloaded { try self.delete(object) }
    }

    /// Deletes a list of objects without blocking the caller.
    @discardableResult
    public func delete<Object: ValueObject>(_ objects: [Object]) async throws -> Int {
        try await offloaded { try self.delete(objects) }
    }

    /// Deletes every object of a type without blocking the caller.
    @discardableResult
    public func deleteAll<Object: ValueObject>(_ type: Object.Type) async throws -> Int {
        try await offloaded { try self.deleteAll(type) }
    }

    /// Runs a query without blocking the caller.
    public func query<Object: ValueObject>(_ query: Query<Object>) async throws -> [Object] {
        try await offloaded { try self.query(query) }
    }

    /// Counts matching objects without blocking the caller.
    public func count<Object: ValueObject>(_ query: Query<Object>) async throws -> Int {
        try await offloaded { try self.count(query) }
    }
}

/// Runs blocking work on a global dispatch queue and resumes the caller with its result.
private func offloaded<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}
