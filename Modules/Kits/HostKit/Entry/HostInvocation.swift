/// A parsed `strata-host` command line, whichever way it was parsed: a command of
/// ArgumentParser's tree (``HostSubcommand``) or a route command read without it
/// (``RouteInvocation``, ``RouteFastPath``). It becomes a request (usually a `strata://` URL the
/// micro-apps answer).
protocol HostInvocation {
    /// `--verbose`: debug logs, and the error code on a failure's line.
    var verbose: Bool { get }
    /// `--config FILE`: the container configuration to boot instead of the built-in one.
    var configPath: String? { get }
    /// The request the command stands for.
    ///
    /// - Throws: `CrossCuttingError` (a bad `--date`) or a `DomainError`: the kit prints one line.
    func request(_ context: HostContext) throws -> HostRequest
}
