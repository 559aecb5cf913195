import Logging

extension NotifyDaemon {
    /// Drains once (`once`) or runs until SIGTERM or SIGINT; either way a signal lets the
    /// file in hand finish, then ends the work. Returns the exit status (see ``drainOnce()``
    /// and ``run()``); the default signal dispositions are restored before it returns.
    public func runTrappingSignals(once: Bool) -> Int32 {
        let trap = SignalTrap(SignalTrap.stopSignals) { [self] number in
            logger.info("received \(SignalTrap.name(of: number)); stopping after the file in hand")
            requestStop()
        }
        defer { trap.cancel() }
        return once ? drainOnce() : run()
    }
}
