import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataSession
import StrataStore
import StrataSync
import StrataSyncTesting
import StrataTestSupport
import Testing

@Suite("SyncError: the engine and the remote store throw StrataSync's own error, the store's failures keeping their words")
struct SyncErrorBoundaryTests {
    private static let info = AuthInfo(
        userID: "u1", account: "sigrid", groups: [], token: "t", validUntil: Date(timeIntervalSince1970: 4_000_000_000))

    @Test("a store failure that surfaces through the engine is a SyncError storage with the store's own message")
    func storeFailureIsStorage() async throws {
        let failure = DataError(.sqlite, "disk I/O error reading /tmp/c/store.sqlite")
        let data = await DataLayerFactory.inMemory(failing: [.rejected: failure], session: Self.info)
        let sync = SyncFactory.offline(data: data)
        let error = try #require(await thrownError(SyncError.self) { try await sync.rejectedChanges() })
        #expect(error.code == .storage)
        #expect(error.message == failure.message)
        #expect(FailureLine.code(of: error) == "SyncError.storage")
    }

    @Test("a store's notFound stays notFound, and the engine's own failures are SyncError too, in Japanese as in English")
    func ownFailures() async throws {
        let data = await DataLayerFactory.inMemory(
            failing: [.rejected: DataError(.notFound, "no such change")], session: Self.info)
        let missing = try #require(await thrownError(SyncError.self) { try await SyncFactory.offline(data: data).retryRejected("x") })
        #expect(missing.code == .notFound && missing.message == "no such change")

        let offline = SyncFactory.offline(data: await DataLayerFactory.inMemory(session: Self.info))
        let english = try #require(await thrownError(SyncError.self) { try await offline.syncNow() })
        #expect(english.code == .offline && english.message.hasPrefix("cannot sync: no server configured"), "\(english)")
        let japanese = try #require(
            await MessageLanguage.$current.withValue(.japanese) {
                await thrownError(SyncError.self) { try await offline.syncNow() }
            })
        #expect(japanese.code == .offline && japanese.message.contains("サーバーが設定されていません"), "\(japanese)")
    }

}
