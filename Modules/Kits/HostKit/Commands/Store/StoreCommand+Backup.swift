import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataMaintenance

extension StoreCommand {
    /// `store backup FILE`: a consistent copy of the store, taken while others write.
    struct Backup: ParsableCommand, StoreSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Copy the store into FILE (SQLite's online backup: consistent while others write).",
            discussion: """
                Writes FILE (mode 0600) and nothing else: no temporary file, no folder. An existing \
                FILE is replaced only with --force. The data key (keys/data.key in the container, or \
                its item in the Secret Service) \
                is not copied: keep it too, or the backup's encrypted values cannot be read.

                Examples:
                  strata-host store backup ~/strata-$(date -I).sqlite
                  strata-host store backup /media/usb/strata.sqlite --force
                """
        )

        @Argument(help: ArgumentHelp("The backup file to write.", valueName: "file"))
        var file: String

        @Flag(help: "Replace FILE if it exists.")
        var force = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard !file.isEmpty else { throw ValidationError(localized("the backup file must not be empty", ja: "バックアップファイルの名前が空です")) }
        }

        func run(_ maintenance: any StoreMaintenance, output: OutputSink) async throws -> Int32 {
            let result = try await maintenance.backup(to: URL(fileURLWithPath: file), overwrite: force)
            output.out(StoreText.backup(result))
            return 0
        }
    }
}
