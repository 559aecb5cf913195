import Foundation
import StrataContainer
import StrataContainerTesting
import Testing

@Suite("Scale: a thousand services and two hundred micro-apps")
struct ScaleTests {
    @Test("boot with 1,000 services (900 lazy, chained dependencies) and 200 micro-apps reaches the Launcher")
    func bootsLargeConfiguration() async throws {
        let doubles = ContainerDoubles()
        let services = (0..<1000).map { index in
            ServiceDescriptor.test(
                "service\(index)", lazy: index >= 100, dependencies: index > 0 && index < 100 ? ["service\(index - 1)"] : [])
        }
        let applications = ["Launcher"] + (1..<200).map { "app\($0)" }
        let configuration = ContainerConfiguration.testing(
            applications: applications, services: services,
            servicesMap: ServicesMap(groups: ["warm": ["service900", "service901"]], autostart: ["warm"]))
        let began = ContinuousClock.now
        let container = try await doubles.boot(configuration)
        let elapsed = ContinuousClock.now - began
        let report = await container.bootReport
        print("boot of 1,000 services and 200 micro-apps (debug build): \(elapsed); report total "
            + "\(report.totalMilliseconds) ms")
        for line in report.summaryLines { print("  \(line)") }
        #expect(await container.context.currentApplication?.name == "Launcher")
        #expect(report.services.filter { $0.state == .started }.count == 102)
        #expect(report.services.filter { $0.state == .notCreated }.count == 898)
        #expect(report.applicationCount == 200)
        try await container.context.startApplication("app199")
        #expect(await container.context.findService("service999") != nil)
    }

    @Test("a cycle closing a 1,000-service chain is found and named without overflowing")
    func longChainCycleIsFound() throws {
        let services = (0..<1000).map { index in
            ServiceDescriptor.test("s\(index)", dependencies: ["s\((index + 1) % 1000)"])
        }
        let error = #expect(throws: ContainerError.self) {
            try StrataFramework.validate(
                configuration: .testing(services: services), registry: ContainerDoubles().registry)
        }
        #expect(error?.code == .dependencyCycle)
        #expect(error?.message.hasSuffix("s998 → s999 → s0") == true)
    }
}
