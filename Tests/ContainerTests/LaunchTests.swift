import Foundation
import StrataContainer
import StrataContainerTesting
import Testing

@Suite("Launch: the hooks around the BootLoader")
struct LaunchTests {
    @Test("launch runs before, handle, the BootLoader, after, then did-become-active, in that order")
    func launchRunsHooksAroundTheBootLoader() async throws {
        let doubles = ContainerDoubles()
        let configuration = ContainerConfiguration.testing(services: [.test("store")])
        _ = try await doubles.boot(configuration, launchOptions: ["mode": "test"])
        #expect(
            doubles.recorder.entries == [
                "hook.beforeDidFinishLaunching(mode=test)",
                "hook.handleDidFinishLaunching",
                "service.store.didCreate",
                "service.store.start",
                "Launcher#1.didCreate",
                "Launcher#1.willStartLaunching",
                "Launcher#1.rootScreen",
                "Launcher#1.didFinishLaunching",
                "hook.afterDidFinishLaunching",
                "listener.didFinishLaunching",
                "hook.didBecomeActive",
                "listener.didBecomeActive",
            ])
        #expect(doubles.terminal.isPrepared)
        #expect(doubles.terminal.lastScreen.first == "Launcher#1 root")
    }

    @Test("handle returning return-yes ends the launch with exit code 0 and never boots")
    func handleReturnYesEndsLaunchSuccessfully() async throws {
        let doubles = ContainerDoubles()
        doubles.appDelegate.setResult(.returnYes, for: "handleDidFinishLaunching")
        let outcome = try await doubles.launch(.testing(services: [.test("store")]))
        guard case .ended(let code) = outcome else {
            Issue.record("expected the launch to end early")
            return
        }
        #expect(code == 0)
        #expect(doubles.recorder.entries == ["hook.beforeDidFinishLaunching", "hook.handleDidFinishLaunching"])
        #expect(doubles.terminal.screens.isEmpty)
    }

    @Test("handle returning return-no ends the launch with exit code 1 and never boots")
    func handleReturnNoEndsLaunchWithFailure() async throws {
        let doubles = ContainerDoubles()
        doubles.appDelegate.setResult(.returnNo, for: "handleDidFinishLaunching")
        guard case .ended(let code) = try await doubles.launch(.testing()) else {
            Issue.record("expected the launch to end early")
            return
        }
        #expect(code == 1)
        #expect(!doubles.recorder.entries.contains { $0.hasPrefix("Launcher") })
    }

    @Test("did-become-active returning return stops its broadcast but not the launch")
    func didBecomeActiveReturnStopsBroadcastOnly() async throws {
        let doubles = ContainerDoubles()
        doubles.appDelegate.setResult(.return, for: "didBecomeActive")
        let container = try await doubles.boot(.testing())
        #expect(doubles.recorder.entries.last == "hook.didBecomeActive")
        #expect(await container.context.currentApplication?.name == "Launcher")
    }

    @Test("the boot report lists the seven BootLoader stages in the seed's order, as JSON")
    func bootReportListsStagesInOrder() async throws {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(
            .testing(services: [.test("store"), .test("lazy", lazy: true)]))
        let report = await container.bootReport
        #expect(report.stages.map(\.stage) == BootStage.allCases)
        #expect(report.stages.allSatisfy { $0.durationMilliseconds >= 0 })
        #expect(report.totalMilliseconds > 0)
        let decoded = try JSONDecoder().decode(BootReport.self, from: Data(report.jsonText().utf8))
        #expect(decoded.services.map(\.name) == ["store", "lazy"])
        #expect(decoded.services.map(\.state) == [.started, .notCreated])
        #expect(decoded.services[0].startMilliseconds != nil)
        #expect(report.summaryLines.last?.hasPrefix("total:") == true)
    }

    @Test("a boot that fails destroys the services it had started, in reverse order")
    func failedBootDestroysStartedServices() async throws {
        let doubles = ContainerDoubles()
        doubles.behaviour.failingServices = ["c"]
        let configuration = ContainerConfiguration.testing(services: [.test("a"), .test("b"), .test("c")])
        let error = await #expect(throws: ContainerError.self) { try await doubles.boot(configuration) }
        #expect(error?.code == .serviceStartFailed)
        #expect(error?.message.contains("\"c\"") == true)
        #expect(error?.message.contains("refused to start") == true)
        #expect(
            doubles.recorder.entries(startingWith: "service.").suffix(2) == [
                "service.b.willDestroy", "service.a.willDestroy",
            ])
    }

    @Test("the context refuses to start a micro-app before the BootLoader made the stack")
    func startBeforeBootIsNotRunning() async throws {
        let doubles = ContainerDoubles()
        let probe = EarlyStartProbe()
        _ = try await StrataFramework.launch(
            delegate: probe, configuration: .testing(), registry: doubles.registry, environment: doubles.environment)
        #expect(await probe.error?.code == .notRunning)
    }
}

/// Tries to start the Launcher in `beforeDidFinishLaunching` and keeps the error.
private actor EarlyStartProbe: ContainerAppDelegate {
    var error: ContainerError?

    func beforeDidFinishLaunching(options: [String: String], context: any ContainerContext) async {
        do {
            try await context.startApplication("Launcher")
        } catch let failure as ContainerError {
            error = failure
        } catch {}
    }
}
