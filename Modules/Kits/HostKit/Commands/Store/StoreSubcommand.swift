import StrataCrossCutting
import StrataMaintenance

/// A parsed `strata-host store …` command: it runs on the store file's maintenance, before
/// (and instead of) opening the data layer, which refuses a damaged store.
protocol StoreSubcommand {
    /// The shared options (`--verbose`, `--config`).
    var global: GlobalOptions { get }
    /// Runs the command; returns the exit status (0 done, 1 a problem found or a failure).
    ///
    /// - Throws: the maintenance call's `DataError`: the kit prints one line and exits 1.
    func run(_ maintenance: any StoreMaintenance, output: OutputSink) async throws -> Int32
}

extension StrataHostCLI {
    /// Runs a `store` command with the maintenance the composition root picks.
    static func runStore(
        _ command: any StoreSubcommand, environment: [String: String], output: OutputSink,
        makeStore: ((HostLaunch) throws -> any StoreMaintenance)?
    ) async -> Int32 {
        let verbose = command.global.verbose
        guard let makeStore else {
            output.err(FailureLine.line(program: programName, message: localized("this strata-host has no store maintenance", ja: "この strata-host にはストア保守の機能がありません")))
            return 1
        }
        do {
            return try await command.run(makeStore(HostLaunch(verbose: verbose, environment: environment)), output: output)
        } catch {
            output.err(FailureLine.line(program: programName, error: error, verbose: verbose))
            return 1
        }
    }
}
