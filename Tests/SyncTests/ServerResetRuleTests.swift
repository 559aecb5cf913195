import StrataWire
import Testing

@testable import StrataSync

/// When a pull is a client reset (``ServerReset/needed(knownEpoch:cursor:page:)``): the server
/// was restored from a backup, so its epoch changed or the cursor is past its history.
@Suite("Sync engine: a restored server's epoch or history makes a client reset")
struct ServerResetRuleTests {
    static func page(epoch: String?, head: Int64?) -> PullResponse {
        PullResponse(objects: [], cursor: 7, hasMore: false, epoch: epoch, head: head)
    }

    @Test("a changed epoch resets, the same epoch does not")
    func epochChange() {
        #expect(ServerReset.needed(knownEpoch: "a", cursor: 7, page: Self.page(epoch: "b", head: 9)))
        #expect(!ServerReset.needed(knownEpoch: "a", cursor: 7, page: Self.page(epoch: "a", head: 9)))
    }

    @Test("a cursor past the server's newest history position resets, one at or before it does not")
    func cursorAhead() {
        #expect(ServerReset.needed(knownEpoch: "a", cursor: 12, page: Self.page(epoch: "a", head: 9)))
        #expect(!ServerReset.needed(knownEpoch: "a", cursor: 9, page: Self.page(epoch: "a", head: 9)))
    }

    @Test("no recorded epoch (a first pull) or a server that sends none never resets on the epoch")
    func unknownEpoch() {
        #expect(!ServerReset.needed(knownEpoch: nil, cursor: 3, page: Self.page(epoch: "b", head: 9)))
        #expect(!ServerReset.needed(knownEpoch: "a", cursor: 3, page: Self.page(epoch: nil, head: nil)))
    }

    @Test("the one line says what the reset did")
    func line() {
        #expect(
            ServerReset(repulled: 3, resent: 1).line
                == "the server was restored from a backup: re-pulled 3 objects and re-sent 1 change")
    }
}
