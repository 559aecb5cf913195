import Logging
import NIOCore
import Synchronization

/// Every open connection of one server, shared by all its event loops: it holds the connection
/// cap, and tells the domain once when a graceful shutdown starts.
final class ConnectionRegistry: Sendable {
    /// What a new connection is told.
    enum Admission: Equatable {
        /// Served; its id for ``setBusy(_:_:)`` and ``remove(_:)``.
        case admitted(Int)
        /// The cap is reached and every connection has a request in flight: answer 503 and close.
        case refused
    }

    private struct Entry {
        let channel: any Channel
        /// A request is in flight (its body read, not yet answered): never evicted.
        var busy: Bool
        /// When it last became idle (or opened), as a sequence number: the lowest is evicted first.
        var since: UInt64
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextId = 0
        var tick: UInt64 = 0
        var shuttingDown = false
    }

    private let state = Mutex(State())
    private let maxConnections: Int
    private let onShutdown: @Sendable () -> Void
    private let logger: Logger

    /// A registry allowing `maxConnections`; `onShutdown` runs once, when the first connection
    /// hears that the server is shutting down gracefully.
    init(maxConnections: Int, logger: Logger, onShutdown: @escaping @Sendable () -> Void) {
        self.maxConnections = maxConnections
        self.logger = logger
        self.onShutdown = onShutdown
    }

    /// Admits `channel`; at the cap, first closes the connection that has waited longest with no
    /// request in flight (idle, or still sending its request head or body).
    func admit(_ channel: any Channel) -> Admission {
        let (admission, evicted, open) = state.withLock { state -> (Admission, (any Channel)?, Int) in
            var evicted: (any Channel)?
            if state.entries.count >= maxConnections {
                guard let victim = state.entries.filter({ !$0.value.busy }).min(by: { $0.value.since < $1.value.since })
                else { return (.refused, nil, state.entries.count) }
                evicted = state.entries.removeValue(forKey: victim.key)?.channel
            }
            state.nextId += 1
            state.tick += 1
            state.entries[state.nextId] = Entry(channel: channel, busy: false, since: state.tick)
            return (.admitted(state.nextId), evicted, state.entries.count)
        }
        if let evicted {
            logger.debug(
                "connection cap reached: closing the longest-waiting connection without a request",
                metadata: ["cap": "\(maxConnections)"])
            evicted.close(promise: nil)
        } else if admission == .refused {
            logger.warning(
                "connection cap reached with every connection busy: answering 503", metadata: ["cap": "\(maxConnections)"])
        }
        logger.trace("connection opened", metadata: ["open": "\(open)"])
        return admission
    }

    /// Marks the connection as having a request in flight (or not).
    func setBusy(_ id: Int, _ busy: Bool) {
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            state.entries[id]?.busy = busy
            if !busy {
                state.tick += 1
                state.entries[id]?.since = state.tick
            }
        }
    }

    /// Forgets a closed connection (nothing when it was evicted).
    func remove(_ id: Int) {
        state.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// Runs `onShutdown` the first time a connection reports a graceful shutdown.
    func shutdownStarted() {
        let first = state.withLock { state in
            defer { state.shuttingDown = true }
            return !state.shuttingDown
        }
        if first {
            logger.debug("graceful shutdown: ending waiting polls")
            onShutdown()
        }
    }
}
