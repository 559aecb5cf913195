public import StrataCrossCutting

extension ContainerContext {
    /// The service `key` names, as the type the key gives: ``service(_:as:)`` without a string
    /// or a cast in the caller's code (`try await context.service(.clock)`).
    ///
    /// - Throws: ``ContainerError`` naming the service: unknown name, failed start, wrong type.
    public func service<Service>(_ key: ServiceKey<Service>) async throws -> Service {
        try await service(key.name, as: Service.self)
    }

    /// The service `key` names as the key's type, or `nil` when there is none, it failed to
    /// start or it is of another type (``findService(_:)`` typed).
    public func findService<Service>(_ key: ServiceKey<Service>) async -> Service? {
        await findService(key.name) as? Service
    }
}
