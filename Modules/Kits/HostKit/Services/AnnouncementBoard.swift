import StrataContainer
import StrataCrossCutting
import StrataDomain
import StrataSync

/// The announcement use cases as a container service (`announcements`): what the
/// Announcements micro-app reads through (`context.service(.announcements)`).
///
/// Without a composed service (a runtime built without one) every call fails as offline does.
struct AnnouncementBoard: StrataService, AnnouncementService {
    static let typeName = "AnnouncementService"

    let board: (any AnnouncementService)?

    func start(context: any ContainerContext) async throws {}

    func current(_ page: PageRequest) async throws -> AnnouncementPage { try await require().current(page) }
    func all(_ page: PageRequest) async throws -> AnnouncementPage { try await require().all(page) }
    func announcement(id: String) async throws -> Announcement { try await require().announcement(id: id) }
    func post(_ draft: AnnouncementDraft, author: String) async throws -> Announcement {
        try await require().post(draft, author: author)
    }
    func refusal(of id: String) async throws -> String? { try await require().refusal(of: id) }

    private func require() throws -> any AnnouncementService {
        guard let board else { throw Self.offline }
        return board
    }

    /// What every call throws without a composed service.
    static var offline: SyncError {
        SyncError(
            .offline,
            localized(
                "cannot read Announcement from the server: no server configured; set STRATA_SERVER_URL",
                ja: "サーバーから Announcement を読めません: サーバーが設定されていません。STRATA_SERVER_URL を設定してください"))
    }
}
