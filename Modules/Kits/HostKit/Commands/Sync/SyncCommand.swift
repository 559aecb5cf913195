import ArgumentParser
import StrataCrossCutting
import StrataStore
import StrataSync

/// `strata-host sync`: sends the pending changes, then pulls everyone else's, once (`sync`,
/// `sync now`); its other subcommands list the changes the server refused and retry or
/// discard them, and list the conflicts with other users' writes and settle them.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send pending changes to the server, then pull the changes others made (needs a login).",
        discussion: """
            With no subcommand, syncs once ('sync now'). The changes the server refused wait on \
            this device until you retry them (sent again, with your edits since) or discard them \
            (the server's version comes back at the next sync); listing, retrying and discarding \
            need no network. ID is a change's id as 'sync rejected' lists it, or an unambiguous \
            start of it.

            When another user wrote the same field of an object before your edit reached the \
            server, the sync prints one line for that object: your value was replaced by theirs \
            (reports), or your change was refused (follow-ups). 'sync conflicts' lists them; \
            'sync conflicts keep-mine ID' sends your values again, 'keep-theirs ID' takes theirs.

            Examples:
              strata-host sync
              strata-host sync --json
              strata-host sync rejected
              strata-host sync retry 0193a5c2
              strata-host sync discard 0193a5c2
              strata-host sync conflicts
              strata-host sync conflicts keep-mine 0193a5c2
            """,
        subcommands: [Now.self, Rejected.self, Retry.self, Discard.self, Conflicts.self],
        defaultSubcommand: Now.self
    )
}

extension SyncCommand {
    /// `sync` / `sync now`: one sync.
    struct Now: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "now",
            abstract: "Send pending changes, then pull the changes others made, once (the default).",
            discussion: """
                Examples:
                  strata-host sync
                  strata-host sync now --json
                """
        )

        @Flag(help: "Print the report as one JSON object.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let sync = try context.requireSync()
            let json = json
            return .task {
                let report = try await sync.syncNow()
                return json ? SyncText.reportJSON(report) : SyncText.report(report)
            }
        }
    }
}

extension SyncCommand {
    /// `sync rejected`: the changes the server refused, with its reasons (no network call).
    struct Rejected: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "rejected",
            abstract: "List the changes the server refused: id, type, object, operation, when, and the server's reason.",
            discussion: """
                Examples:
                  strata-host sync rejected
                  strata-host sync rejected --json
                """
        )

        @Flag(help: "Print one JSON array.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let sync = try context.requireSync()
            let json = json
            return .task {
                let changes = try await sync.rejectedChanges()
                return json ? SyncText.rejectedJSON(changes) : SyncText.rejected(changes)
            }
        }
    }

    /// `sync retry ID`: sends a refused change again at the next sync, with the edits since.
    struct Retry: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "retry",
            abstract: "Queue a refused change to be sent again at the next sync, with the object's edits since.",
            discussion: """
                Examples:
                  strata-host sync retry 0193a5c2
                """
        )

        @OptionGroup var change: RejectedChangeArgument

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let sync = try context.requireSync()
            let id = change.id
            return .task { SyncText.retried(try await SyncCommand.resolving(id) { try await sync.retryRejected(id) }) }
        }
    }

    /// `sync discard ID`: drops a refused change; the server's version comes back.
    struct Discard: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "discard",
            abstract: "Drop a refused change; the server's version of the object comes back at the next sync.",
            discussion: """
                A refused new object is removed from this device at once (with its dependent \
                rows, such as a report's follow-ups).

                Examples:
                  strata-host sync discard 0193a5c2
                """
        )

        @OptionGroup var change: RejectedChangeArgument

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let sync = try context.requireSync()
            let id = change.id
            return .task { SyncText.discarded(try await SyncCommand.resolving(id) { try await sync.discardRejected(id) }) }
        }
    }

    /// Runs `work`; an id that names no rejected change (or several) is a usage error (exit 64).
    static func resolving<T>(_ id: String, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as DataError where error.code == .notFound {
            throw ValidationError(error.message)
        } catch let error as SyncError where error.code == .notFound {
            throw ValidationError(error.message)
        }
    }
}
