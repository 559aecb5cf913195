import ArgumentParser
import StrataCrossCutting

/// The change `sync retry` and `sync discard` act on: its id as `sync rejected` lists it, or an
/// unambiguous start of it; an empty or malformed id is a usage error (exit 64).
struct RejectedChangeArgument: ParsableArguments {
    @Argument(help: "The change's id as 'sync rejected' lists it, or an unambiguous start of it.")
    var id: String

    func validate() throws {
        try ArgumentChecks.identifier(id, name: localized("the change id", ja: "変更の ID"), expected: SyncText.changeID)
    }
}
