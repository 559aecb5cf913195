import ArgumentParser

/// `strata-host store`: check, back up and recover the shared store file; show or move its data key.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Check, back up or recover the shared store file; show or move its data key.",
        discussion: """
            These commands open the store file themselves, so they work on a store the other \
            commands refuse as damaged. None creates a store where there is none.

            Examples:
              strata-host store check
              strata-host store backup ~/strata-backup.sqlite
              strata-host store recover
              strata-host store key --to secret-service
            """,
        subcommands: [Check.self, Backup.self, Recover.self, Key.self]
    )
}
