import ArgumentParser
import StrataCrossCutting
import StrataMaintenance

extension StoreCommand {
    /// `store check`: SQLite's integrity check on the store; exit 0 when sound, 1 when not.
    struct Check: ParsableCommand, StoreSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the store file for damage: prints ok (exit 0) or the problems (exit 1).",
            discussion: """
                Runs SQLite's integrity_check (every page, every index), read-only and safe while \
                other processes write; --quick runs the faster quick_check. A sound file clears a \
                damaged mark an earlier error left and records the check's time in the store \
                (strata-notifyd's daily check of every page counts from it); a damaged one is \
                marked, so the other commands refuse it until `strata-host store recover`.

                Examples:
                  strata-host store check
                  strata-host store check --quick
                """
        )

        @Flag(help: "Run the faster quick_check (skips checking that indexes match their tables).")
        var quick = false

        @OptionGroup var global: GlobalOptions

        func run(_ maintenance: any StoreMaintenance, output: OutputSink) async throws -> Int32 {
            let result = try await maintenance.check(quick: quick)
            output.out(StoreText.check(result))
            return result.isSound ? 0 : 1
        }
    }
}
