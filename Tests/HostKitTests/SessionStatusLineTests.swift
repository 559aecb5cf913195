import Foundation
import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataSync
import StrataSyncTesting
import Testing

@testable import StrataHostKit

/// What the full-screen status line makes of the `session` service's answers: the counts, the
/// offline warning, and never a password of a server's URL.
@Suite("strata-host's status line from the session service")
struct SessionStatusLineTests {
    /// A session service answering `status` for a signed-in sigrid.
    private func session(_ status: SyncStatus) -> any SessionService {
        var double = SessionServiceDouble()
        double.onCurrentUser = { SessionUser(userID: "u1", account: "sigrid") }
        double.onStatus = { status }
        return SyncFactory.session(double: double)
    }

    private func status(
        _ connectivity: SyncConnectivity, server: String? = "http://sigrid:PW@sync.example.org", lastError: String? = nil
    ) -> SyncStatus {
        SyncStatus(
            connectivity: connectivity, server: server, pendingCount: 2, rejectedCount: 1, lastSyncAt: nil,
            lastError: lastError, lastErrorAt: nil)
    }

    @Test("a server last seen offline is the warning, its password masked; the user and the counts are shown")
    func offlineServerIsTheWarningMasked() async {
        let line = await SessionStatusLine.read(session(status(.offline)))
        #expect(line == StatusLine(
            user: "sigrid", pendingChanges: 2, rejectedChanges: 1, warning: "http://sigrid:***@sync.example.org cannot be reached"))
        #expect(!line.text.contains("PW"), "\(line.text)")
        let unnamed = await SessionStatusLine.read(session(status(.offline, server: nil)))
        #expect(unnamed.warning == "the sync server cannot be reached")
        let japanese = await MessageLanguage.$current.withValue(.japanese) {
            await SessionStatusLine.read(session(status(.offline)))
        }
        #expect(japanese.warning == "http://sigrid:***@sync.example.org に接続できません", "\(String(describing: japanese.warning))")
    }

    @Test("the last sync error comes before connectivity, its password masked; an online server with no error warns of nothing")
    func lastErrorIsMasked() async {
        let failed = await SessionStatusLine.read(
            session(status(.offline, lastError: "cannot reach http://sigrid:PW@sync.example.org/v1/sync: timed out")))
        #expect(failed.warning == "cannot reach http://sigrid:***@sync.example.org/v1/sync: timed out", "\(String(describing: failed.warning))")
        #expect(!failed.text.contains("PW"), "\(failed.text)")
        let online = await SessionStatusLine.read(session(status(.online)))
        #expect(online.warning == nil && online.user == "sigrid" && online.pendingChanges == 2)
    }

    @Test("without a session service nobody is signed in; a failing one is the warning")
    func noOrFailingSession() async {
        #expect(await SessionStatusLine.read(nil) == StatusLine(user: nil))
        let failing = await SessionStatusLine.read(SyncFactory.session(double: SessionServiceDouble()))
        #expect(failing.user == nil && failing.warning?.hasPrefix("cannot read the session: ") == true, "\(failing)")
    }
}
