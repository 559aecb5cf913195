/// A configuration checked against the registry: what the runtime boots from.
///
/// Building a plan is where every configuration error is found, before any hook runs or any
/// service is created: unknown types, duplicate names, a missing Launcher, references to
/// nothing, dependency cycles.
struct ContainerPlan: Sendable {
    let configuration: ContainerConfiguration
    let registry: ContainerRegistry
    let applications: [String: ApplicationDescriptor]
    let services: [String: ServiceDescriptor]

    init(configuration: ContainerConfiguration, registry: ContainerRegistry) throws {
        self.configuration = configuration
        self.registry = registry
        if let duplicate = registry.duplicates.first {
            throw ContainerError(.duplicateName, "registry: \(duplicate) is registered twice; register each type once")
        }
        var applications: [String: ApplicationDescriptor] = [:]
        for app in configuration.applications {
            if let earlier = applications[app.name] {
                throw ContainerError(
                    .duplicateName, "\(app.origin).name: micro-app \"\(app.name)\" is already declared at \(earlier.origin)")
            }
            guard registry.applicationFactories[app.delegateType] != nil else {
                throw ContainerError(
                    .unknownType, "\(app.origin).delegate: no delegate type \"\(app.delegateType)\" is registered; "
                        + "registered: \(Self.list(registry.applicationTypes))")
            }
            applications[app.name] = app
        }
        var services: [String: ServiceDescriptor] = [:]
        for service in configuration.services {
            if let earlier = services[service.name] {
                throw ContainerError(
                    .duplicateName, "\(service.origin).name: service \"\(service.name)\" is already declared at "
                        + earlier.origin)
            }
            guard registry.serviceFactories[service.type] != nil else {
                throw ContainerError(
                    .unknownType, "\(service.origin).class: no service type \"\(service.type)\" is registered; "
                        + "registered: \(Self.list(registry.serviceTypes))")
            }
            services[service.name] = service
        }
        self.applications = applications
        self.services = services
        try checkLauncher()
        try checkReferences()
        try checkCycles()
    }

    private func checkLauncher() throws {
        let name = configuration.launcherName
        guard applications[name] == nil else { return }
        let key = configuration.launcher == nil ? "Launcher (default \"\(name)\")" : "Launcher"
        throw ContainerError(
            .missingLauncher, "\(configuration.sources.joined(separator: ", ")): \(key): no micro-app named \"\(name)\" "
                + "is declared under Applications; declare it or name the home micro-app with the Launcher key")
    }

    private func checkReferences() throws {
        for service in configuration.services {
            for (index, dependency) in service.dependencies.enumerated() where services[dependency] == nil {
                throw ContainerError(
                    .unknownReference, "\(service.origin).dependencies[\(index)]: service \"\(dependency)\" is not declared")
            }
        }
        let map = configuration.servicesMap
        for group in map.groups.keys.sorted() {
            for (index, member) in (map.groups[group] ?? []).enumerated() where services[member] == nil {
                throw ContainerError(
                    .unknownReference, "\(map.origin).\(group)[\(index)]: service \"\(member)\" is not declared")
            }
        }
        for (index, group) in map.autostart.enumerated() where map.groups[group] == nil {
            throw ContainerError(
                .unknownReference, "\(map.origin).\(ServicesMap.autostartKey)[\(index)]: group \"\(group)\" is not "
                    + "in the services map; groups: \(Self.list(map.groups.keys.sorted()))")
        }
    }

    private func checkCycles() throws {
        let graph = DependencyGraph(
            edges: services.mapValues(\.dependencies), order: configuration.services.map(\.name))
        guard let cycle = graph.firstCycle(), let first = services[cycle[0]] else { return }
        throw ContainerError(
            .dependencyCycle, "\(first.origin).dependencies: dependency cycle: \(cycle.joined(separator: " → "))")
    }

    static func list(_ names: [String]) -> String {
        if names.isEmpty { return "none" }
        let shown = names.prefix(10).joined(separator: ", ")
        return names.count > 10 ? "\(shown), … (\(names.count) in all)" : shown
    }
}
