import Synchronization

/// Hands each device registration outcome to every subscriber of
/// ``SyncEngine/deviceRegistrations()``: one stream per subscriber, ended when the
/// subscriber stops iterating (its `onTermination` removes it).
final class DeviceRegistrationHub: Sendable {
    private struct Subscribers {
        var next = 0
        var continuations: [Int: AsyncStream<SyncDeviceRegistration>.Continuation] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// A new stream of the outcomes published from now on (the newest 16 kept while unread).
    func subscribe() -> AsyncStream<SyncDeviceRegistration> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: SyncDeviceRegistration.self, bufferingPolicy: .bufferingNewest(16))
        let id = subscribers.withLock { subscribers in
            defer { subscribers.next += 1 }
            subscribers.continuations[subscribers.next] = continuation
            return subscribers.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Gives `outcome` to every current subscriber.
    func publish(_ outcome: SyncDeviceRegistration) {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(outcome) }
    }

    deinit {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.finish() }
    }
}
