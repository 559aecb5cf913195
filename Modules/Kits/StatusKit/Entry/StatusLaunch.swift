/// What `strata-status` asks of its composition root once the command line is parsed.
///
/// The kit never opens the store itself: the host's `makeDomain` closure opens it read-only
/// (or finds there is none) and builds the domain over it.
public struct StatusLaunch: Sendable {
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
