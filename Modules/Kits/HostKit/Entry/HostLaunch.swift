/// What `strata-host` asks of its composition root once the command line is parsed.
///
/// The kit never picks implementations: it hands this to the host's `makeDomain` closure,
/// which chooses the log level, the container directory, the data layer and the domain.
public struct HostLaunch: Sendable {
    /// Whether `--verbose` was given (debug logs, error codes).
    public let verbose: Bool
    /// The process environment (`STRATA_HOME`, `STRATA_LOG_LEVEL`, …).
    public let environment: [String: String]

    /// A launch request with the given verbosity and environment.
    public init(verbose: Bool, environment: [String: String]) {
        self.verbose = verbose
        self.environment = environment
    }
}
