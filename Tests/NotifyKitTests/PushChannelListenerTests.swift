import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataNotifyKit
import StrataSession
import StrataSync
import StrataSyncTesting
import Testing

@Suite("Push channel listener")
struct PushChannelListenerTests {
    static let signedIn = AuthInfo(
        userID: "u-1", account: "alice", groups: [], token: "t-1", validUntil: .distantFuture)

    static func message(_ sequence: Int64, id: String, title: String = "Ward meeting", body: String = "At 3 pm")
        -> PushedMessage
    {
        PushedMessage(sequence: sequence, id: id, title: title, body: body, sentAt: InboxFixture.now)
    }

    /// A script whose server holds `messages`.
    static func script(_ messages: [PushedMessage]) -> SyncScript {
        SyncScript(pushMessages: { after in messages.filter { $0.sequence > after } })
    }

    @Test("each push message is recorded once, delivered as one line and acknowledged")
    func messagesAreRecordedDeliveredAndAcknowledged() async throws {
        let server = [Self.message(1, id: "p-1"), Self.message(2, id: "p-2", title: "Lab results", body: "")]
        let fixture = try await InboxFixture(data: await DataLayerFactory.inMemory(session: Self.signedIn))
        defer { fixture.remove() }
        let listener = PushChannelListener(
            sync: SyncFactory.scripted(data: fixture.data, script: Self.script(server)), notifications: fixture.domain.notifications, delivery: fixture.delivery,
            logger: InboxFixture.logger)

        let first = try await listener.pass(wait: 0)
        #expect(first.map(\.message.id) == ["p-1", "p-2"])
        #expect(fixture.delivery.lines == ["recorded p-1 message: Ward meeting — At 3 pm", "recorded p-2 message: Lab results"])
        #expect(try await fixture.records().map(\.notificationId).sorted() == ["p-1", "p-2"])

        // Acknowledged: the next look receives nothing and records nothing.
        let second = try await listener.pass(wait: 0)
        #expect(second.isEmpty)
        #expect(fixture.delivery.lines.count == 2)
    }

    @Test("a message whose id is already recorded (an inbox file, a repeat) is a duplicate and changes nothing")
    func knownIdIsADuplicate() async throws {
        let server = [Self.message(1, id: "n-9"), Self.message(2, id: "n-9", title: "Again")]
        let fixture = try await InboxFixture(data: await DataLayerFactory.inMemory(session: Self.signedIn))
        defer { fixture.remove() }
        let listener = PushChannelListener(
            sync: SyncFactory.scripted(data: fixture.data, script: Self.script(server)), notifications: fixture.domain.notifications, delivery: fixture.delivery,
            logger: InboxFixture.logger)

        let processed = try await listener.pass(wait: 0)

        #expect(fixture.delivery.lines == ["recorded n-9 message: Ward meeting — At 3 pm", "duplicate n-9 (already recorded)"])
        guard case .duplicate = processed.last?.outcome else {
            Issue.record("expected .duplicate, got \(processed)")
            return
        }
        let records = try await fixture.records()
        #expect(records.count == 1)
        #expect(records.first?.title == "Ward meeting")
    }

    @Test("when the store cannot record a message it is not acknowledged, so the next look receives it again")
    func storeFailureKeepsTheMessage() async throws {
        let server = [Self.message(1, id: "p-1"), Self.message(2, id: "p-2")]
        let broken = await DataLayerFactory.inMemory(
            allowing: [.register, .fetch, .query, .count, .currentSession], session: Self.signedIn)
        let fixture = try await InboxFixture(data: broken)
        defer { fixture.remove() }
        let listener = PushChannelListener(
            sync: SyncFactory.scripted(data: fixture.data, script: Self.script(server)), notifications: fixture.domain.notifications, delivery: fixture.delivery,
            logger: InboxFixture.logger)

        let first = try await listener.pass(wait: 0)
        guard case .retryLater = first.first?.outcome else {
            Issue.record("expected .retryLater, got \(first)")
            return
        }
        #expect(first.count == 1, "the pass stops at the first message it cannot record")
        #expect(fixture.delivery.lines.isEmpty)

        let again = try await listener.pass(wait: 0)
        #expect(again.first?.message.id == "p-1")
    }

    @Test("nobody signed in is notSignedIn, and nothing is recorded")
    func signedOutIsNotSignedIn() async throws {
        let fixture = try await InboxFixture(data: await DataLayerFactory.inMemory())
        defer { fixture.remove() }
        let listener = PushChannelListener(
            sync: SyncFactory.scripted(data: fixture.data, script: Self.script([Self.message(1, id: "p-1")])), notifications: fixture.domain.notifications, delivery: fixture.delivery,
            logger: InboxFixture.logger)

        let error = await #expect(throws: SyncError.self) { try await listener.pass(wait: 0) }
        #expect(error?.code == .notSignedIn)
        #expect(try await fixture.records().isEmpty)
    }

    @Test("without a server the listener's run returns at once")
    func offlineRunReturns() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let listener = PushChannelListener(
            sync: SyncFactory.offline(data: fixture.data), notifications: fixture.domain.notifications, delivery: fixture.delivery,
            logger: InboxFixture.logger)
        await listener.run()
        #expect(fixture.delivery.lines.isEmpty)
    }

    @Test("--once drains the inbox and then the push channel, recording each once")
    func drainOnceTakesThePushChannel() async throws {
        let fixture = try await InboxFixture(data: await DataLayerFactory.inMemory(session: Self.signedIn))
        defer { fixture.remove() }
        try fixture.drop("n1.json", #"{"id": "n-1", "kind": "message", "title": "From the inbox"}"#)
        let listener = PushChannelListener(
            sync: SyncFactory.scripted(data: fixture.data, script: Self.script([Self.message(1, id: "p-1")])), notifications: fixture.domain.notifications, delivery: fixture.delivery,
            logger: InboxFixture.logger)
        let daemon = NotifyDaemon(processor: fixture.processor(), pollInterval: 1, logger: InboxFixture.logger, push: listener)

        #expect(await daemon.drainOnce() == 0)
        #expect(await daemon.drainOnce() == 0)

        #expect(fixture.delivery.lines == ["recorded n-1 message: From the inbox", "recorded p-1 message: Ward meeting — At 3 pm"])
    }
}
