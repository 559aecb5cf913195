import StrataContainer
import StrataContainerTesting
import StrataTestSupport
import Testing

@Suite("Background fetch: a 30 s deadline and a completion called exactly once")
struct BackgroundFetchTests {
    private func booted(settings: RuntimeSettings = RuntimeSettings()) async throws
        -> (ContainerDoubles, any RunningContainer)
    {
        let doubles = ContainerDoubles()
        let container = try await doubles.boot(.testing(settings: settings))
        doubles.recorder.clear()
        return (doubles, container)
    }

    @Test("the first completion wins and a second call is ignored")
    func completionRunsExactlyOnce() async throws {
        let (doubles, container) = try await booted()
        doubles.appDelegate.setFetchBehaviour(.completeTwice(.newData, .failed))
        #expect(await container.performBackgroundFetch() == .newData)
        #expect(
            doubles.recorder.entries == [
                "hook.performFetch", "fetch.complete(newData) -> true", "fetch.complete(failed) -> false",
            ])
    }

    @Test("a fetch not completed within 30 s completes as timed out, and a late completion is ignored")
    func deadlineCompletesAsTimedOut() async throws {
        let (doubles, container) = try await booted()
        doubles.appDelegate.setFetchBehaviour(.hold)
        let fetch = Task { await container.performBackgroundFetch() }
        #expect(await doubles.clock.waitForSleepers(1))
        doubles.clock.advance(by: .seconds(29))
        #expect(doubles.clock.sleeperCount == 1)
        doubles.clock.advance(by: .seconds(1))
        #expect(await fetch.value == .timedOut)
        let late = try #require(doubles.appDelegate.heldCompletions.first)
        #expect(late.isCompleted)
        #expect(late.complete(.newData) == false)
    }

    @Test("a completion before the deadline disarms it")
    func completionBeforeDeadlineDisarmsIt() async throws {
        let (doubles, container) = try await booted()
        doubles.appDelegate.setFetchBehaviour(.hold)
        let fetch = Task { await container.performBackgroundFetch() }
        #expect(await doubles.clock.waitForSleepers(1))
        _ = await eventually(within: Patience.childProcess, every: .milliseconds(5)) { !doubles.appDelegate.heldCompletions.isEmpty }
        let completion = try #require(doubles.appDelegate.heldCompletions.first)
        #expect(completion.complete(.noData))
        #expect(await fetch.value == .noData)
        _ = await eventually(within: Patience.childProcess, every: .milliseconds(5)) { doubles.clock.sleeperCount == 0 }
        #expect(doubles.clock.sleeperCount == 0)
    }

    @Test("the run loop fetches on the configured interval")
    func runLoopFetchesOnInterval() async throws {
        let (doubles, container) = try await booted(settings: RuntimeSettings(backgroundFetchInterval: .seconds(900)))
        let running = Task { await container.run() }
        #expect(await doubles.clock.waitForSleepers(1))
        doubles.clock.advance(by: .seconds(900))
        _ = await eventually(within: Patience.childProcess, every: .milliseconds(5)) { doubles.recorder.entries.contains("hook.performFetch") }
        #expect(doubles.recorder.entries.filter { $0 == "hook.performFetch" }.count == 1)
        doubles.events.send(.terminate(.terminateSignal))
        #expect(await running.value == 0)
    }
}
