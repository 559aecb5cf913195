import StrataContainer
import StrataContainerTesting
import Testing

@Suite("Launcher micro-app")
struct LauncherTests {
    @Test("the home screen lists every other micro-app with its description and says what can be typed")
    func homeListsMicroApps() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        let screen = harness.screen
        for name in ["Reports", "FollowUps", "Notifications", "About"] { #expect(screen.contains(name), "\(screen)") }
        #expect(!screen.contains("1  Launcher"))
        #expect(harness.doubles.terminal.lastScreen.last?.hasPrefix("Type") == true)
        await container.terminate(.quit)
    }

    @Test("a number or a name opens the micro-app; home switches back and the app stays running")
    func openAndSwitch() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("1", into: container)
        #expect(await container.context.currentApplication?.name == "Reports")
        await harness.type("home", into: container)
        #expect(await container.context.currentApplication?.name == "Launcher")
        #expect(harness.screen.contains("Running: Reports"))
        await harness.type("about", into: container)
        #expect(Set(await container.context.applicationStack.map(\.name)) == ["Launcher", "Reports", "About"])
        await harness.type("home", "reports", into: container)
        #expect(await container.context.currentApplication?.name == "Reports")
        #expect(await container.context.applicationStack.filter { $0.name == "Reports" }.count == 1)
        await container.terminate(.quit)
    }

    @Test("an unknown choice is a message naming what can be typed; quit ends the host")
    func unknownChoiceAndQuit() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("zebra", into: container)
        #expect(harness.screen.contains("No micro-app 'zebra'"))
        await harness.type("quit", into: container)
        #expect(await container.isTerminated)
    }
}
