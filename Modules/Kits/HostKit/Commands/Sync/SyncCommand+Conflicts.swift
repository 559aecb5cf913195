import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataJournal
import StrataStore

extension SyncCommand {
    /// `sync conflicts`: the writes of this device that met another user's concurrent write,
    /// listed (the default) and settled one at a time (no network call).
    struct Conflicts: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conflicts",
            abstract: "List the conflicts with other users' writes, and keep your values or theirs.",
            discussion: """
                A conflict is a write of yours that met another user's write of the same field \
                made before either of you saw the other's. For a report the later write in the \
                server's order stayed and yours was replaced; for a follow-up your change was \
                refused, so a colleague's value is never replaced unseen. (When both only marked \
                a follow-up done, it stays done and nothing is listed.)

                keep-mine ID writes your values back and sends them at the next sync, on top of \
                the server's version; keep-theirs ID keeps the values the server holds (a refused \
                change is dropped). ID is a conflict's id as 'sync conflicts' lists it, or an \
                unambiguous start of it of 8 characters or more. None of this needs the network.

                Examples:
                  strata-host sync conflicts
                  strata-host sync conflicts --json
                  strata-host sync conflicts keep-mine 0193a5c2
                  strata-host sync conflicts keep-theirs 0193a5c2
                """,
            subcommands: [List.self, KeepMine.self, KeepTheirs.self],
            defaultSubcommand: List.self
        )
    }
}

extension SyncCommand.Conflicts {
    /// `sync conflicts [list]`: the open conflicts.
    struct List: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the open conflicts: type, object, fields, your value → theirs, by whom, and the id (the default).",
            discussion: """
                Examples:
                  strata-host sync conflicts
                  strata-host sync conflicts list --json
                """
        )

        @Flag(help: "Print one JSON array.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let store = context.conflicts
            let json = json
            return .task {
                let open = try await store?.conflicts() ?? []
                return json ? SyncText.conflictsJSON(open) : SyncText.conflicts(open)
            }
        }
    }

    /// `sync conflicts keep-mine ID`.
    struct KeepMine: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "keep-mine",
            abstract: "Keep your values: write them back and send them at the next sync, on top of the server's version.",
            discussion: """
                Examples:
                  strata-host sync conflicts keep-mine 0193a5c2
                """
        )

        @OptionGroup var conflict: ConflictArgument

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            SyncCommand.Conflicts.settle(conflict.id, keepMine: true, context)
        }
    }

    /// `sync conflicts keep-theirs ID`.
    struct KeepTheirs: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "keep-theirs",
            abstract: "Keep the other user's values the server holds; a refused change of yours is dropped.",
            discussion: """
                Examples:
                  strata-host sync conflicts keep-theirs 0193a5c2
                """
        )

        @OptionGroup var conflict: ConflictArgument

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            SyncCommand.Conflicts.settle(conflict.id, keepMine: false, context)
        }
    }

    /// Settles the conflict `id` names; an id that names none (or several) is a usage error (exit 64).
    static func settle(_ id: String, keepMine: Bool, _ context: HostContext) -> HostRequest {
        let store = context.conflicts
        return .task {
            try await SyncCommand.resolving(id) {
                guard let store else {
                    throw DataError(
                        .notFound,
                        localized("no open conflict has the id '\(id)' (no conflicts on this device)", ja: "ID '\(id)' の競合はありません"))
                }
                let choice: ConflictChoice = keepMine ? .keepMine : .keepTheirs
                let conflict: SyncConflict
                do {
                    conflict = try await ConflictLookup.find(id, in: store)
                } catch let error as DataError where error.code == .notFound {
                    // A conflict whose stored values cannot be read is not listed: the store
                    // settles it by its id alone (keep-theirs forgets it; keep-mine says why not).
                    do {
                        try await store.resolve(id, choice)
                    } catch let unlisted as DataError where unlisted.code == .notFound {
                        throw error
                    }
                    return SyncText.forgotUnreadable(id)
                }
                try await store.resolve(conflict.id, choice)
                return SyncText.settled(conflict, keepMine: keepMine)
            }
        }
    }
}

/// The conflict `sync conflicts keep-mine|keep-theirs` settles: its id as `sync conflicts`
/// lists it, or an unambiguous start of it; an empty or malformed id is a usage error (exit 64).
struct ConflictArgument: ParsableArguments {
    @Argument(help: "The conflict's id as 'sync conflicts' lists it, or an unambiguous start of it (8 characters or more).")
    var id: String

    func validate() throws {
        let name = localized("the conflict id", ja: "競合の ID")
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError(
                localized("\(name) is empty; expected \(SyncText.conflictID)", ja: "\(name)が空です。\(SyncText.conflictID)を指定してください"))
        }
        if let (scalar, position) = TerminalText.firstControl(in: id) {
            throw ValidationError(
                "\(name) '\(TerminalText.escaped(id))' holds the control character \(TerminalText.describe(scalar)) "
                    + "at position \(position); expected \(SyncText.conflictID)")
        }
        // A start shorter than IdStart.shortestConflictStart is refused by ConflictLookup, the
        // one rule the Account screen follows too (still exit 64: SyncCommand.resolving).
    }
}
