import StrataContainer
import StrataContainerTesting
import Testing

@Suite("Services: staged start, lazy loading, dependencies")
struct ServiceTests {
    @Test("a lazy service is never created at boot, only on its first lookup, and once")
    func lazyServiceCreatedOnFirstLookupOnly() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(.testing(services: [.test("eager"), .test("lazy", lazy: true)]))
        #expect(doubles.recorder.entries(startingWith: "service.lazy").isEmpty)
        #expect(await container.bootReport.services.first { $0.name == "lazy" }?.state == .notCreated)
        async let first = container.context.findService("lazy")
        async let second = container.context.findService("lazy")
        let found = await [first, second]
        #expect(found.allSatisfy { ($0 as? TestService)?.name == "lazy" })
        #expect(doubles.recorder.entries(startingWith: "service.lazy") == ["service.lazy.didCreate", "service.lazy.start"])
    }

    @Test("the BootLoader starts run-first services, then eager ones, then [AUTOSTART] groups")
    func bootStagesStartServicesInOrder() async throws {
        let doubles = ContainerDoubles()
        let configuration = ContainerConfiguration.testing(
            services: [
                .test("eager"), .test("grouped", lazy: true), .test("first", startsFirst: true),
                .test("idle", lazy: true), .test("other", lazy: true),
            ],
            servicesMap: ServicesMap(groups: ["core": ["grouped"], "later": ["other"]], autostart: ["core"]))
        _ = try await doubles.boot(configuration)
        #expect(
            doubles.recorder.entries(startingWith: "service.").filter { $0.hasSuffix(".start") } == [
                "service.first.start", "service.eager.start", "service.grouped.start",
            ])
    }

    @Test("dependencies start first and are destroyed after the services that need them")
    func dependenciesStartFirstAndStopLast() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(
            .testing(services: [
                .test("sync", dependencies: ["auth", "store"]), .test("auth", dependencies: ["store"]),
                .test("store", lazy: true),
            ]))
        #expect(
            doubles.recorder.entries(startingWith: "service.").filter { $0.hasSuffix(".start") } == [
                "service.store.start", "service.auth.start", "service.sync.start",
            ])
        doubles.recorder.clear()
        await container.terminate(.quit)
        #expect(
            doubles.recorder.entries(startingWith: "service.") == [
                "service.sync.willDestroy", "service.auth.willDestroy", "service.store.willDestroy",
            ])
    }

    @Test("a lazy service's lazy dependency is created with it, first")
    func lazyDependencyCreatedWithIt() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(
            .testing(services: [.test("a", lazy: true, dependencies: ["b"]), .test("b", lazy: true)]))
        #expect(doubles.recorder.entries(startingWith: "service.").isEmpty)
        _ = try await container.context.service("a", as: TestService.self)
        #expect(
            doubles.recorder.entries(startingWith: "service.") == [
                "service.b.didCreate", "service.b.start", "service.a.didCreate", "service.a.start",
            ])
    }

    @Test("a failing service under the continue policy is reported and the boot goes on")
    func failingServiceWithContinuePolicy() async throws {
        let doubles = ContainerDoubles()
        doubles.behaviour.failingServices = ["flaky"]
        let container = try await doubles.boot(
            .testing(services: [.test("flaky", failurePolicy: .continue), .test("after")]))
        let entry = try #require(await container.bootReport.services.first { $0.name == "flaky" })
        #expect(entry.state == .failed)
        #expect(entry.error == "flaky refused to start (test)")
        #expect(await container.context.findService("flaky") == nil)
        let error = await #expect(throws: ContainerError.self) {
            try await container.context.service("flaky", as: TestService.self)
        }
        #expect(error?.code == .serviceStartFailed)
        #expect(await container.context.findService("after") != nil)
    }

    @Test("a service whose dependency failed does not start, naming the dependency")
    func dependentOfFailedServiceFails() async throws {
        let doubles = ContainerDoubles()
        doubles.behaviour.failingServices = ["store"]
        let error = await #expect(throws: ContainerError.self) {
            try await doubles.boot(
                .testing(services: [.test("store", failurePolicy: .continue), .test("auth", dependencies: ["store"])]))
        }
        #expect(error?.code == .serviceStartFailed)
        #expect(error?.message.contains("\"auth\"") == true)
        #expect(error?.message.contains("dependency \"store\"") == true)
    }

    @Test("services register and unregister at run time; names are unique")
    func registerAndUnregister() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(.testing(services: [.test("store")]))
        let context = container.context
        let extra = TestService(name: "extra", recorder: doubles.recorder, behaviour: doubles.behaviour)
        #expect(await context.registerService(extra, name: "extra"))
        #expect(await context.registerService(extra, name: "store") == false)
        #expect((await context.findService("extra") as? TestService)?.name == "extra")
        await context.unregisterService("extra")
        #expect(await context.findService("extra") == nil)
        #expect(doubles.recorder.entries.last == "service.extra.willDestroy")
        let error = await #expect(throws: ContainerError.self) { try await context.service("extra", as: TestService.self) }
        #expect(error?.code == .unknownService)
    }

    @Test("asking for a service as the wrong type says what it is")
    func wrongTypeIsAClearError() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(.testing(services: [.test("store")]))
        let error = await #expect(throws: ContainerError.self) {
            try await container.context.service("store", as: String.self)
        }
        #expect(error?.code == .wrongServiceType)
        #expect(error?.message.contains("TestService") == true)
    }
}
