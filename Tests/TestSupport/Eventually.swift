#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Polls `condition` every `interval` until it holds or `timeout` (by default
/// ``Patience/childProcess``) has passed; whether it held.
///
/// The one way a test waits for something it cannot await (a child process's output, a file
/// appearing, a background task's effect): never a fixed sleep. The last check runs after the
/// deadline, so a condition that came true during the final interval still counts. A
/// condition that throws counts as not yet true; a cancelled test stops polling at once.
nonisolated(nonsending) public func eventually(
    within timeout: Duration = Patience.childProcess, every interval: Duration = .milliseconds(20),
    _ condition: () async throws -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if (try? await condition()) == true { return true }
        do { try await Task.sleep(for: interval) } catch { break }
    }
    return (try? await condition()) == true
}

/// ``eventually(within:every:_:)`` with a synchronous condition: in async code this overload
/// is chosen over the blocking one below, so an async test never blocks a thread. (Both async
/// forms run on the caller's actor: the condition never crosses an isolation boundary.)
nonisolated(nonsending) public func eventually(
    within timeout: Duration = Patience.childProcess, every interval: Duration = .milliseconds(20),
    _ condition: () throws -> Bool
) async -> Bool {
    await eventually(within: timeout, every: interval) { () async throws -> Bool in try condition() }
}

/// ``eventually(within:every:_:)`` for synchronous code (a synchronous test, a thread
/// of its own): the same polling, blocking the calling thread between checks. Never from async
/// code, where a blocked thread is one the cooperative pool lacks.
@available(*, noasync, message: "await the async eventually: blocking here holds a thread of the cooperative pool")
public func eventually(
    within timeout: Duration = Patience.childProcess, every interval: Duration = .milliseconds(20), _ condition: () throws -> Bool
) -> Bool {
    let deadline = ContinuousClock.now + timeout
    let pause = useconds_t(interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000)
    while ContinuousClock.now < deadline {
        if (try? condition()) == true { return true }
        usleep(pause)
    }
    return (try? condition()) == true
}
