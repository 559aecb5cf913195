import StrataContainer
import StrataContainerTesting
import Testing

@Suite("Micro-apps: the DTMicroApplicationDelegate lifecycle")
struct MicroAppLifecycleTests {
    private func booted(_ applications: [String] = ["Launcher", "Reports", "Follows"], multiple: Set<String> = [])
        async throws -> (ContainerDoubles, any RunningContainer)
    {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(.testing(applications: applications, multipleInstances: multiple))
        doubles.recorder.clear()
        return (doubles, container)
    }

    @Test("starting a micro-app creates, launches with options, pauses the covered app, then finishes launching")
    func startRunsLaunchCallbacksInOrder() async throws {
        let (doubles, container) = try await booted()
        let reports = try await container.context.startApplication("Reports", params: ["id": "7"])
        #expect(reports.description == "Reports#2")
        #expect(
            doubles.recorder.entries == [
                "Reports#2.didCreate",
                "Reports#2.willStartLaunching(id=7)",
                "Reports#2.rootScreen",
                "Launcher#1.willPause",
                "Reports#2.didFinishLaunching",
            ])
        #expect(await container.context.currentApplication == reports)
    }

    @Test("exiting the top app asks should-terminate, will-terminate, then resumes the app below")
    func exitRunsTerminateThenResume() async throws {
        let (doubles, container) = try await booted()
        let reports = try await container.context.startApplication("Reports")
        doubles.recorder.clear()
        #expect(await container.context.exitApplication(reports, animated: true))
        #expect(
            doubles.recorder.entries == [
                "Reports#2.shouldTerminate",
                "Reports#2.willTerminate(animated)",
                "Launcher#1.willResume",
                "Launcher#1.didResume",
            ])
        #expect(await container.context.findApplication("Reports") == nil)
        #expect(await container.context.currentApplication?.name == "Launcher")
    }

    @Test("a should-terminate veto keeps the app on the stack and skips will-terminate")
    func vetoKeepsTheApp() async throws {
        let (doubles, container) = try await booted()
        let reports = try await container.context.startApplication("Reports")
        doubles.behaviour.vetoingApplications = ["Reports"]
        doubles.recorder.clear()
        #expect(await container.context.exitApplication(reports, animated: false) == false)
        #expect(doubles.recorder.entries == ["Reports#2.shouldTerminate(veto)"])
        #expect(await container.context.currentApplication == reports)
    }

    @Test("bring-to-top pauses the top app and resumes the existing instance with the new options")
    func bringToTopResumesExistingInstance() async throws {
        let (doubles, container) = try await booted()
        let context = container.context
        let reports = try await context.startApplication("Reports")
        try await context.startApplication("Follows")
        doubles.recorder.clear()
        let again = try await context.startApplication("Reports", params: ["q": "x"], launchMode: .bringToTop)
        #expect(again == reports)
        #expect(
            doubles.recorder.entries == [
                "Follows#3.willPause", "Reports#2.willResume(q=x)", "Reports#2.didResume(q=x)",
            ])
        #expect(await context.applicationStack.map(\.description) == ["Launcher#1", "Follows#3", "Reports#2"])
    }

    @Test("push-new refuses a second instance of an app that allows only one")
    func pushNewRefusesSecondSingleInstance() async throws {
        let (_, container) = try await booted()
        try await container.context.startApplication("Reports", params: [:], launchMode: .pushNew)
        let error = await #expect(throws: ContainerError.self) {
            try await container.context.startApplication("Reports", params: [:], launchMode: .pushNew)
        }
        #expect(error?.code == .multipleInstancesNotAllowed)
        #expect(error?.message.contains("Reports#2") == true)
    }

    @Test("push-new creates more instances of an app that allows them; find returns the newest")
    func multipleInstancesWhereAllowed() async throws {
        let (_, container) = try await booted(multiple: ["Reports"])
        let context = container.context
        let first = try await context.startApplication("Reports", params: ["n": "1"], launchMode: .pushNew)
        try await context.startApplication("Follows")
        let second = try await context.startApplication("Reports", params: ["n": "2"], launchMode: .pushNew)
        #expect(first != second)
        #expect(await context.findApplication("Reports") == second)
        #expect(await context.applicationStack.filter { $0.name == "Reports" }.count == 2)
        _ = await context.exitApplication(second, animated: false)
        #expect(await context.findApplication("Reports") == first)
    }

    @Test("replace-top terminates the top app and puts the new one in its place without resuming the one below")
    func replaceTopSwapsTheTop() async throws {
        let (doubles, container) = try await booted()
        let context = container.context
        try await context.startApplication("Reports")
        doubles.recorder.clear()
        let follows = try await context.startApplication("Follows", params: [:], launchMode: .replaceTop)
        #expect(
            doubles.recorder.entries == [
                "Reports#2.shouldTerminate",
                "Reports#2.willTerminate(animated)",
                "Follows#3.didCreate",
                "Follows#3.willStartLaunching",
                "Follows#3.rootScreen",
                "Launcher#1.willPause",
                "Follows#3.didFinishLaunching",
            ])
        #expect(await context.applicationStack == [try #require(await context.findApplication("Launcher")), follows])
    }

    @Test("replace-top fails when the top app vetoes its termination")
    func replaceTopHonoursVeto() async throws {
        let (doubles, container) = try await booted()
        try await container.context.startApplication("Reports")
        doubles.behaviour.vetoingApplications = ["Reports"]
        let error = await #expect(throws: ContainerError.self) {
            try await container.context.startApplication("Follows", params: [:], launchMode: .replaceTop)
        }
        #expect(error?.code == .terminationVetoed)
        #expect(await container.context.currentApplication?.name == "Reports")
    }

    @Test("starting an undeclared micro-app is an error naming it and the declared ones")
    func unknownApplicationIsAnError() async throws {
        let (_, container) = try await booted()
        let error = await #expect(throws: ContainerError.self) {
            try await container.context.startApplication("Nope")
        }
        #expect(error?.code == .unknownApplication)
        #expect(error?.message.contains("\"Nope\"") == true)
        #expect(error?.message.contains("Launcher, Reports, Follows") == true)
    }

    @Test("typed input goes to the top screen; back pops a pushed screen, then exits the app")
    func inputDrivesScreens() async throws {
        let (doubles, container) = try await booted()
        await container.input("open Reports")
        #expect(doubles.terminal.lastScreen.first == "Reports#2 root")
        await container.input("push detail")
        #expect(doubles.terminal.lastScreen.first == "Reports#2 detail")
        await container.input("back")
        #expect(doubles.terminal.lastScreen.first == "Reports#2 root")
        await container.input("back")
        #expect(doubles.terminal.lastScreen.first == "Launcher#1 root")
        #expect(doubles.recorder.entries.contains("Reports#2.willTerminate(animated)"))
        await container.input("what")
        #expect(doubles.terminal.lastScreen.first == "unknown input \"what\"")
    }

    @Test("quit asks every app from the top; a veto cancels it and says so")
    func quitVetoCancels() async throws {
        let (doubles, container) = try await booted()
        try await container.context.startApplication("Reports")
        doubles.behaviour.vetoingApplications = ["Launcher"]
        doubles.recorder.clear()
        #expect(await container.context.requestQuit() == false)
        #expect(doubles.recorder.entries == ["Reports#2.shouldTerminate", "Launcher#1.shouldTerminate(veto)"])
        #expect(await container.isTerminated == false)
        doubles.behaviour.vetoingApplications = []
        await container.input("quit")
        #expect(await container.isTerminated)
    }
}
