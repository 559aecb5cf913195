public import StrataContainer

extension ContainerConfiguration {
    /// A configuration of test doubles: micro-apps named `applications` (the first one is the
    /// Launcher unless `launcher` says otherwise) with ``TestMicroApp`` delegates, services of
    /// ``TestService`` type, and an optional services map.
    public static func testing(
        applications: [String] = ["Launcher"], multipleInstances: Set<String> = [], launcher: String? = nil,
        services: [ServiceDescriptor] = [], servicesMap: ServicesMap = ServicesMap(),
        settings: RuntimeSettings = RuntimeSettings()
    ) -> ContainerConfiguration {
        ContainerConfiguration(
            launcher: launcher ?? applications.first,
            applications: applications.map { name in
                ApplicationDescriptor(
                    name: name, description: "test micro-app \(name)", delegateType: TestMicroApp.typeName,
                    allowsMultipleInstances: multipleInstances.contains(name))
            },
            services: services, servicesMap: servicesMap, settings: settings)
    }
}

extension ServiceDescriptor {
    /// A ``TestService`` declaration.
    public static func test(
        _ name: String, lazy: Bool = false, startsFirst: Bool = false, dependencies: [String] = [],
        failurePolicy: ServiceFailurePolicy = .failBoot
    ) -> ServiceDescriptor {
        ServiceDescriptor(
            name: name, type: TestService.typeName, lazy: lazy, startsFirst: startsFirst, dependencies: dependencies,
            failurePolicy: failurePolicy)
    }
}
