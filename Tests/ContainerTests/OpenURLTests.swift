import Foundation
import StrataContainer
import StrataContainerTesting
import Testing

@Suite("Open URL: the hook, its rewrite, then the scheme handlers")
struct OpenURLTests {
    private func booted() async throws -> (ContainerDoubles, any RunningContainer) {
        let doubles = ContainerDoubles()
        var registry = doubles.registry
        registry.registerSchemeHandler(
            ApplicationSchemeHandler(routes: ["reports": "Reports", "follows": "Follows"]), scheme: "strata")
        let container = try await doubles.boot(
            .testing(applications: ["Launcher", "Reports", "Follows"]), registry: registry)
        doubles.recorder.clear()
        return (doubles, container)
    }

    @Test("on continue, a scheme handler routes the URL to a micro-app with its query as params")
    func schemeHandlerStartsTheApp() async throws {
        let (doubles, container) = try await booted()
        let handled = try await container.open(try #require(URL(string: "strata://reports/new?age=40&patientName=Ann")))
        #expect(handled)
        #expect(doubles.recorder.entries.contains("Reports#2.willStartLaunching(age=40,path=new,patientName=Ann)"))
        #expect(doubles.terminal.lastScreen.first == "Reports#2 root")
    }

    @Test("a hook's new URL replaces the opened one before routing")
    func hookRewritesTheURL() async throws {
        let (doubles, container) = try await booted()
        doubles.appDelegate.rewrite("strata://old/due", to: "strata://follows/due")
        #expect(try await container.open(try #require(URL(string: "strata://old/due"))))
        #expect(await container.context.currentApplication?.name == "Follows")
    }

    @Test("return-yes and return-no answer at once without routing")
    func returnYesAndNoSkipRouting() async throws {
        let (doubles, container) = try await booted()
        let url = try #require(URL(string: "strata://reports/new"))
        doubles.appDelegate.setResult(.returnYes, for: "open")
        #expect(try await container.open(url))
        doubles.appDelegate.setResult(.returnNo, for: "open")
        #expect(try await container.open(url) == false)
        #expect(await container.context.findApplication("Reports") == nil)
    }

    @Test("a URL no handler takes is not handled; a handler's error reaches the caller")
    func unhandledAndFailingURLs() async throws {
        let (_, container) = try await booted()
        #expect(try await container.open(try #require(URL(string: "other://reports/new"))) == false)
        #expect(try await container.open(try #require(URL(string: "strata://nowhere"))) == false)
        var registry = ContainerDoubles().registry
        registry.registerSchemeHandler(ApplicationSchemeHandler(routes: ["x": "Missing"]), scheme: "strata")
        let doubles = ContainerDoubles()
        let other = try await doubles.boot(.testing(), registry: registry)
        let error = await #expect(throws: ContainerError.self) {
            try await other.open(try #require(URL(string: "strata://x")))
        }
        #expect(error?.code == .unknownApplication)
    }
}
