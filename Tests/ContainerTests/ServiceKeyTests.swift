import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import Testing

/// A service known by a protocol the test declares, and its typed key.
private protocol Greeter: Sendable {
    var name: String { get }
}

extension TestService: Greeter {}

extension ServiceKey where Service == any Greeter {
    fileprivate static var store: ServiceKey<any Greeter> { ServiceKey("store") }
    fileprivate static var missing: ServiceKey<any Greeter> { ServiceKey("missing") }
}

@Suite("Typed service keys: a service looked up by its key, as the key's type, with no name or cast in the caller")
struct ServiceKeyTests {
    @Test("service(key) returns the service as the key's type; findService(key) too")
    func typedLookup() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(.testing(services: [.test("store")]))
        let greeter = try await container.context.service(.store)
        #expect(greeter.name == "store")
        #expect(await container.context.findService(.store)?.name == "store")
    }

    @Test("an unknown key, or a key of another type, fails as the named lookup does; findService(key) is nil")
    func typedFailures() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(.testing(services: [.test("store")]))
        let unknown = await #expect(throws: ContainerError.self) { try await container.context.service(.missing) }
        #expect(unknown?.code == .unknownService)
        #expect(await container.context.findService(.missing) == nil)
        let wrong = await #expect(throws: ContainerError.self) {
            try await container.context.service(ServiceKey<any StrataClock>("store"))
        }
        #expect(wrong?.code == .wrongServiceType)
        #expect(await container.context.findService(ServiceKey<any StrataClock>("store")) == nil)
    }

    @Test("the shared key names the service hosts declare: clock")
    func sharedKeys() {
        #expect(ServiceKey<any StrataClock>.clock.name == "clock")
        #expect("\(ServiceKey<any StrataClock>.clock)" == "clock")
    }
}
