import StrataCrossCutting
import StrataData
import StrataDomain
import StrataStatusKit

/// The only place in `strata-status` that picks implementations: a stderr logger, the shared
/// store opened read-only, the real clock, and the domain over them.
enum CompositionRoot {
    /// The domain over the shared store opened read-only, or `nil` when there is no store yet.
    ///
    /// - Important: never creates the container directory or the store: a widget only looks.
    static func makeDomain(_ launch: StatusLaunch) throws -> (any DomainServices)? {
        let level = try StrataLogging.level(verbose: launch.verbose, environment: launch.environment)
        let logger = StrataLogging.makeLogger(label: StrataStatusCLI.programName, level: level)
        let container = try ContainerDirectory.resolve(environment: launch.environment)
        guard let data = try DataLayerFactory.readOnly(container: container, logger: logger) else { return nil }
        return try DomainFactory.make(data: data, clock: SystemClock())
    }
}
