import StrataCrossCutting

/// Usage reports: the environment's monitor, reachable without awaiting the actor.
extension ContainerRuntime {
    nonisolated var usage: any UsageMonitor { environment.usage }
}
