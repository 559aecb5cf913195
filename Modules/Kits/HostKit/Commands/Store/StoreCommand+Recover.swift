import ArgumentParser
import StrataCrossCutting
import StrataMaintenance

extension StoreCommand {
    /// `store recover`: a new store from what can still be read; the damaged file is kept.
    struct Recover: ParsableCommand, StoreSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "recover",
            abstract: "Copy what is readable of a damaged store into a new one; the damaged file is kept.",
            discussion: """
                Reads every table row by row, skipping unreadable pages, into a new store that takes \
                the old one's place; the damaged file (and its -wal and -shm) is renamed to \
                strata.sqlite.damaged-<UTC time> beside it. Nothing is deleted. Prints each table's \
                recovered rows and what was lost. Stop other Strata processes first.

                Examples:
                  strata-host store check
                  strata-host store recover
                """
        )

        @OptionGroup var global: GlobalOptions

        func run(_ maintenance: any StoreMaintenance, output: OutputSink) async throws -> Int32 {
            let report = try await maintenance.recover()
            output.out(StoreText.recovery(report))
            return 0
        }
    }
}
