import Logging

/// Services: lazy creation on first lookup, dependencies first, dynamic registration.
extension ContainerRuntime {
    func findService(_ name: String) async -> (any StrataService)? {
        do {
            return try await startedService(name)
        } catch {
            logger.debug("service lookup failed", metadata: ["service": "\(name)", "error": "\(error)"])
            return nil
        }
    }

    func service<Service: Sendable>(_ name: String, as type: Service.Type) async throws -> Service {
        let found = try await startedService(name)
        guard let typed = found as? Service else {
            throw ContainerError(
                .wrongServiceType, "service \"\(name)\" is a \(Swift.type(of: found)), not a \(Service.self)")
        }
        return typed
    }

    @discardableResult
    func registerService(_ service: any StrataService, name: String) -> Bool {
        guard services[name] == nil else { return false }
        services[name] = ServiceRecord(
            descriptor: nil, instance: service, state: .started, startMilliseconds: elapsedMilliseconds(),
            durationMilliseconds: 0)
        serviceOrder.append(name)
        startOrder.append(name)
        logger.debug("service registered", metadata: ["service": "\(name)"])
        return true
    }

    func unregisterService(_ name: String) async {
        guard let record = services.removeValue(forKey: name) else { return }
        serviceOrder.removeAll { $0 == name }
        startOrder.removeAll { $0 == name }
        if let instance = record.instance, record.state == .started || record.state == .created {
            await instance.willDestroy()
        }
        logger.debug("service unregistered", metadata: ["service": "\(name)"])
    }

    /// The started service `name`: created and started now (dependencies first) if need be.
    ///
    /// Concurrent lookups of a service being started wait for the one start.
    func startedService(_ name: String) async throws -> any StrataService {
        guard let record = services[name] else {
            throw ContainerError(
                .unknownService, "no service named \"\(name)\" is declared or registered; services: "
                    + ContainerPlan.list(serviceOrder))
        }
        if record.state == .started, let instance = record.instance { return instance }
        if record.state == .failed {
            throw ContainerError(
                .serviceStartFailed, "service \"\(name)\" failed to start: \(record.error ?? "unknown error")")
        }
        if let running = inFlight[name] { return try await running.value }
        let starting = Task { try await self.createAndStart(name) }
        inFlight[name] = starting
        return try await starting.value
    }

    private func createAndStart(_ name: String) async throws -> any StrataService {
        defer { inFlight[name] = nil }
        guard let descriptor = services[name]?.descriptor,
            let make = plan.registry.serviceFactories[descriptor.type]
        else { throw ContainerError(.unknownService, "service \"\(name)\" has no declaration to create it from") }
        for dependency in descriptor.dependencies {
            do {
                _ = try await startedService(dependency)
            } catch {
                let message = "service \"\(name)\" (\(descriptor.origin)) cannot start: its dependency "
                    + "\"\(dependency)\" did not start: \(error)"
                services[name]?.state = .failed
                services[name]?.error = message
                throw ContainerError(.serviceStartFailed, message)
            }
        }
        let instance = make(name)
        services[name]?.instance = instance
        services[name]?.state = .created
        await instance.didCreate(context: self)
        let began = elapsedMilliseconds()
        services[name]?.startMilliseconds = began
        do {
            try await instance.start(context: self)
        } catch {
            services[name]?.state = .failed
            services[name]?.error = "\(error)"
            services[name]?.durationMilliseconds = elapsedMilliseconds() - began
            logger.error(
                "service failed to start", metadata: ["service": "\(name)", "error": "\(error)"])
            throw ContainerError(
                .serviceStartFailed, "service \"\(name)\" (\(descriptor.origin)) failed to start: \(error)")
        }
        services[name]?.state = .started
        services[name]?.durationMilliseconds = elapsedMilliseconds() - began
        startOrder.append(name)
        logger.debug("service started", metadata: ["service": "\(name)"])
        return instance
    }

    /// Starts `name` during the boot, applying its failure policy.
    func bootStart(_ name: String) async throws {
        do {
            _ = try await startedService(name)
        } catch let error as ContainerError {
            let policy = services[name]?.descriptor?.failurePolicy ?? .failBoot
            guard policy == .continue else { throw error }
            logger.warning("boot goes on without a failed service", metadata: ["service": "\(name)", "error": "\(error)"])
        }
    }

    /// Calls will-destroy on every started service, in reverse start order.
    func destroyServices() async {
        while let name = startOrder.popLast() {
            if Task.isCancelled { return }
            guard let instance = services[name]?.instance else { continue }
            await instance.willDestroy()
            services[name]?.state = .destroyed
            progress?.destroyedServices.append(name)
        }
    }
}
