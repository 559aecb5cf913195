import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGTERM and SIGINT into a call of a handler, instead of ending the process mid-file.
///
/// Each signal's default disposition is set to "ignore" first, then a `DispatchSourceSignal`
/// reports it on a private queue. ``cancel()`` restores the default dispositions.
final class SignalTrap {
    /// The signals that stop the daemon.
    static let stopSignals: [Int32] = [SIGTERM, SIGINT]

    private let signals: [Int32]
    private let sources: [any DispatchSourceSignal]

    /// Starts reporting `signals` to `handler` (called on a private serial queue).
    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "strata-notifyd.signals")
        self.signals = signals
        self.sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Stops reporting and restores the default dispositions.
    func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }

    /// A readable name: `SIGTERM`, `SIGINT`, or `signal 10`.
    static func name(of number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
