import Foundation
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataSession
import StrataSyncTesting
import Testing

/// The Account screen's data key line: where the key is kept and why, from the host's
/// `dataKey` service (what `strata-host store key` prints), in English and Japanese.
@Suite("Account screen: where the data key is kept")
struct AccountDataKeyTests {
    /// A `dataKey` service answering `report` (or failing with `failure`).
    struct DataKeyDouble: StrataService, DataKeyPlaceSource {
        let report: DataKeyReport?
        func start(context: any ContainerContext) async throws {}
        func dataKeyReport() async throws -> DataKeyReport {
            guard let report else { throw CrossCuttingError(.badEnvironment, "the keyring is locked") }
            return report
        }
    }

    /// The Account screen's text with `report` from the `dataKey` service (none when `nil`).
    private func accountScreen(_ service: DataKeyDouble?) async throws -> String {
        let harness = try await MicroAppHarness()
        let container = try await SessionFixtures.boot(AccountAppTests.Server().double, harness: harness)
        if let service {
            await container.context.registerService(service, name: ServiceKey<any DataKeyPlaceSource>.dataKey.name)
        }
        await harness.type("account", into: container)
        return harness.screen
    }

    static let secretService = DataKeyReport(
        kind: .secretService, location: "the Secret Service (dev.strata.DataKey for /home/ann/.strata)", ignoredCopy: nil,
        keyringProblem: nil, moved: false, choice: .secretServiceTook)
    static let keyFile = DataKeyReport(
        kind: .file, location: "/home/ann/.strata/keys/data.key", ignoredCopy: nil, keyringProblem: nil, moved: false,
        choice: .refused("no collection/login"))

    @Test("the key in the Secret Service: 'Data key: Secret Service' and why")
    func secretService() async throws {
        let screen = try await accountScreen(DataKeyDouble(report: Self.secretService))
        #expect(
            screen.contains("Data key: Secret Service (the Secret Service took it at the first run)"),
            "\(screen)")
    }

    @Test("the key in the key file: 'Data key: key file PATH' and why it fell back")
    func keyFile() async throws {
        let screen = try await accountScreen(DataKeyDouble(report: Self.keyFile))
        #expect(
            screen.contains(
                "Data key: key file /home/ann/.strata/keys/data.key (the Secret Service refused it at the first run)"),
            "\(screen)")
    }

    @Test("in Japanese: データキー: Secret Service / 鍵ファイル PATH")
    func japanese() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let inKeyring = try await accountScreen(DataKeyDouble(report: Self.secretService))
            #expect(inKeyring.contains("データキー: Secret Service（初回に Secret Service が受け付けました）"), "\(inKeyring)")
            let inFile = try await accountScreen(DataKeyDouble(report: Self.keyFile))
            #expect(
                inFile.contains("データキー: 鍵ファイル /home/ann/.strata/keys/data.key（初回に Secret Service が受け付けませんでした）"),
                "\(inFile)")
        }
    }

    @Test("no key yet, a place that cannot be read, and no dataKey service")
    func otherCases() async throws {
        let none = DataKeyReport(
            kind: nil, location: "/home/ann/.strata/keys/data.key", ignoredCopy: nil, keyringProblem: nil, moved: false)
        let notYet = try await accountScreen(DataKeyDouble(report: none))
        #expect(notYet.contains("Data key: not made yet (a new one goes to /home/ann/.strata/keys/data.key)"), "\(notYet)")
        let unreadable = try await accountScreen(DataKeyDouble(report: nil))
        #expect(unreadable.contains("Data key: cannot say where it is (the keyring is locked)"), "\(unreadable)")
        let without = try await accountScreen(nil)
        #expect(without.contains("signed in as") && !without.contains("Data key"), "\(without)")
    }
}
