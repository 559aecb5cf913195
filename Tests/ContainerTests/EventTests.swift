import Foundation
import StrataContainer
import StrataContainerTesting
import StrataTestSupport
import Testing

@Suite("Events: each hook first, then the broadcast")
struct EventTests {
    private func booted(services: [ServiceDescriptor] = [], settings: RuntimeSettings = RuntimeSettings())
        async throws -> (ContainerDoubles, any RunningContainer)
    {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(
            .testing(applications: ["Launcher", "Reports"], services: services, settings: settings))
        doubles.recorder.clear()
        return (doubles, container)
    }

    @Test("Linux signals map to the container's events")
    func signalsMapToEvents() {
        #expect(SystemEvent(signal: SignalNumbers.suspend) == .suspend)
        #expect(SystemEvent(signal: SignalNumbers.resume) == .resume)
        #expect(SystemEvent(signal: SignalNumbers.terminate) == .terminate(.terminateSignal))
        #expect(SystemEvent(signal: SignalNumbers.interrupt) == .terminate(.interrupt))
        #expect(SystemEvent(signal: SignalNumbers.memoryWarning) == .memoryWarning)
        #expect(SystemEvent(signal: SignalNumbers.reload) == .reload)
        #expect(SystemEvent(signal: SIGUSR2) == nil)
    }

    @Test("SIGTSTP: will-resign-active, did-enter-background, each broadcast, then the process stops")
    func suspendRunsBackgroundCallbacksThenStops() async throws {
        let (doubles, container) = try await booted()
        await container.handle(.suspend)
        #expect(
            doubles.recorder.entries == [
                "hook.willResignActive", "listener.willResignActive",
                "hook.didEnterBackground", "listener.didEnterBackground",
                "process.stop",
            ])
    }

    @Test("a hook returning return stops its broadcast, but the process still stops on SIGTSTP")
    func returnShortCircuitsBroadcastOnly() async throws {
        let (doubles, container) = try await booted()
        doubles.appDelegate.setResult(.return, for: "willResignActive")
        doubles.appDelegate.setResult(.returnNo, for: "didEnterBackground")
        await container.handle(.suspend)
        #expect(doubles.recorder.entries == ["hook.willResignActive", "hook.didEnterBackground", "process.stop"])
    }

    @Test("SIGCONT: will-enter-foreground then did-become-active, each broadcast, and the screen is redrawn")
    func resumeRunsForegroundCallbacks() async throws {
        let (doubles, container) = try await booted()
        let before = doubles.terminal.screens.count
        await container.handle(.resume)
        #expect(
            doubles.recorder.entries == [
                "hook.willEnterForeground", "listener.willEnterForeground",
                "hook.didBecomeActive", "listener.didBecomeActive",
            ])
        #expect(doubles.terminal.screens.count == before + 1)
    }

    @Test("SIGUSR1 and SIGHUP: memory warning and reload, broadcast on continue, silent on return")
    func memoryWarningAndReload() async throws {
        let (doubles, container) = try await booted()
        await container.handle(.memoryWarning)
        await container.handle(.reload)
        doubles.appDelegate.setResult(.return, for: "didReceiveMemoryWarning")
        await container.handle(.memoryWarning)
        #expect(
            doubles.recorder.entries == [
                "hook.didReceiveMemoryWarning", "listener.memoryWarning",
                "hook.didReceiveReload", "listener.reload",
                "hook.didReceiveMemoryWarning",
            ])
    }

    @Test("SIGTERM: will-terminate, micro-apps top first, services in reverse start order")
    func terminateShutsDownInOrder() async throws {
        let (doubles, container) = try await booted(services: [.test("store"), .test("auth", dependencies: ["store"])])
        try await container.context.startApplication("Reports")
        doubles.recorder.clear()
        await container.handle(.terminate(.terminateSignal))
        #expect(
            doubles.recorder.entries == [
                "hook.willTerminate", "listener.willTerminate(terminateSignal)",
                "Reports#2.willTerminate(notAnimated)", "Launcher#1.willTerminate(notAnimated)",
                "service.auth.willDestroy", "service.store.willDestroy",
            ])
        let report = await container.terminate(.quit)
        #expect(report.reason == .terminateSignal)
        #expect(report.exitCode == 0)
        #expect(report.destroyedServices == ["auth", "store"])
        #expect(await container.isTerminated)
    }

    @Test("will-terminate returning return skips the broadcast but not the shutdown")
    func willTerminateReturnStillShutsDown() async throws {
        let (doubles, container) = try await booted(services: [.test("store")])
        doubles.appDelegate.setResult(.return, for: "willTerminate")
        await container.terminate(.interrupt)
        #expect(
            doubles.recorder.entries == [
                "hook.willTerminate", "Launcher#1.willTerminate(notAnimated)", "service.store.willDestroy",
            ])
    }

    @Test("a shutdown that outlasts the deadline is cut short and exits with code 1")
    func shutdownDeadlineCutsItShort() async throws {
        let (doubles, container) = try await booted(
            services: [.test("slow"), .test("last")], settings: RuntimeSettings(shutdownDeadline: .seconds(2)))
        doubles.behaviour.hangingServices = ["last"]
        let shutdown = Task { await container.terminate(.terminateSignal) }
        #expect(await doubles.clock.waitForSleepers(1))
        _ = await eventually(within: Patience.childProcess, every: .milliseconds(5)) {
            doubles.recorder.entries.contains("service.last.willDestroy")
        }
        doubles.clock.advance(by: .seconds(2))
        let report = await shutdown.value
        #expect(report.timedOut)
        #expect(report.exitCode == 1)
        #expect(!doubles.recorder.entries.contains("service.slow.willDestroy"))
    }

    @Test("remote and local notifications reach listeners on continue, and not on return")
    func notificationsAreBroadcast() async throws {
        let (doubles, container) = try await booted()
        await container.postRemoteNotification(NotificationPayload(identifier: "n1", title: "New report"))
        await container.postLocalNotification(NotificationPayload(identifier: "f1", title: "Follow-up due"))
        doubles.appDelegate.setResult(.return, for: "didReceiveRemoteNotification")
        await container.postRemoteNotification(NotificationPayload(identifier: "n2"))
        #expect(
            doubles.recorder.entries == [
                "hook.didReceiveRemoteNotification", "listener.remoteNotification(n1)",
                "hook.didReceiveLocalNotification", "listener.localNotification(f1)",
                "hook.didReceiveRemoteNotification",
            ])
    }

    @Test("device registration success is broadcast; failure only reaches its hook")
    func deviceRegistration() async throws {
        let (doubles, container) = try await booted()
        await container.registerDeviceToken(Data([1, 2, 3]))
        await container.failDeviceRegistration(ContainerError(.notRunning, "offline"))
        #expect(
            doubles.recorder.entries == [
                "hook.didRegisterForRemoteNotifications", "listener.registeredForRemoteNotifications(3 bytes)",
                "hook.didFailToRegisterForRemoteNotifications",
            ])
    }

    @Test("a removed listener hears nothing more")
    func removedListenerHearsNothing() async throws {
        let (doubles, container) = try await booted()
        let extra = CallbackRecorder()
        let token = await container.context.addListener(RecordingListener(recorder: extra))
        await container.handle(.reload)
        await container.context.removeListener(token)
        await container.handle(.reload)
        #expect(extra.entries == ["listener.reload"])
        #expect(doubles.recorder.entries(startingWith: "listener.") == ["listener.reload", "listener.reload"])
    }

    @Test("the run loop handles events from the source and typed lines, and returns 0 after SIGTERM")
    func runLoopEndsOnTerminate() async throws {
        let (doubles, container) = try await booted()
        let running = Task { await container.run() }
        doubles.terminal.type("open Reports")
        doubles.events.send(signal: SignalNumbers.memoryWarning)
        _ = await eventually(within: Patience.childProcess, every: .milliseconds(5)) { doubles.recorder.entries.contains("listener.memoryWarning") }
        doubles.events.send(signal: SignalNumbers.terminate)
        #expect(await running.value == 0)
        #expect(doubles.recorder.entries.contains("Launcher#1.willTerminate(notAnimated)"))
        #expect(doubles.recorder.entries.contains("listener.willTerminate(terminateSignal)"))
    }

    @Test("the end of typed input quits without asking for vetoes")
    func endOfInputQuits() async throws {
        let (doubles, container) = try await booted()
        doubles.behaviour.vetoingApplications = ["Launcher"]
        let running = Task { await container.run() }
        doubles.terminal.endInput()
        #expect(await running.value == 0)
        #expect(doubles.recorder.entries.contains("listener.willTerminate(quit)"))
    }
}
