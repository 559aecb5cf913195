import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataNotifyKit
import Testing

@Suite("Inbox processing")
struct InboxProcessorTests {
    @Test("a good file is recorded, delivered as one line and moved to cur/ under its name")
    func goodFileIsRecordedAndFiled() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("1-n1.json", #"{"id": "n-1", "kind": "message", "title": "Hello", "body": "From the lab"}"#)

        let report = try await fixture.processor().drain()

        #expect(report.files.count == 1)
        guard case .recorded(let record) = report.files.first?.outcome else {
            Issue.record("expected .recorded, got \(report.files)")
            return
        }
        #expect(record.notificationId == "n-1")
        #expect(fixture.delivery.lines == ["recorded n-1 message: Hello — From the lab"])
        #expect(try fixture.names(in: fixture.inbox.newURL).isEmpty)
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["1-n1.json"])
        #expect(try await fixture.records().map(\.notificationId) == ["n-1"])
    }

    @Test("the same id in two files is recorded once; the second is reported as a duplicate")
    func sameIdTwiceIsRecordedOnce() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("1-first.json", #"{"id": "n-7", "kind": "message", "title": "First"}"#)
        try fixture.drop("2-again.json", #"{"id": "n-7", "kind": "message", "title": "Again"}"#)

        let report = try await fixture.processor().drain()

        #expect(report.files.map(\.name) == ["1-first.json", "2-again.json"])
        #expect(fixture.delivery.lines == ["recorded n-7 message: First", "duplicate n-7 (already recorded)"])
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["1-first.json", "2-again.json"])
        let records = try await fixture.records()
        #expect(records.count == 1)
        #expect(records.first?.title == "First")
    }

    @Test("re-delivering a processed file changes nothing and lands in cur/ under a free name")
    func redeliveryIsHarmless() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let document = #"{"id": "n-2", "kind": "message", "title": "Once"}"#
        try fixture.drop("n2.json", document)
        _ = try await fixture.processor().drain()
        try fixture.drop("n2.json", document)

        let report = try await fixture.processor().drain()

        #expect(report.files.map(\.outcome).count == 1)
        #expect(fixture.delivery.lines.last == "duplicate n-2 (already recorded)")
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["n2.json", "n2.json.2"])
        #expect(try await fixture.records().count == 1)
    }

    @Test(
        "a malformed file moves to bad/ with a reason naming the problem, and the next file is still processed",
        arguments: [
            ("broken.json", #"{"id": "n-9", "kind": "#, "broken.json"),
            ("no-id.json", #"{"kind": "message", "title": "Who am I?"}"#, "id"),
            ("wrong-type.json", #"{"id": 42, "kind": "message"}"#, "id"),
            ("blank-id.json", #"{"id": "   ", "kind": "message"}"#, "id"),
            ("array.json", #"["n-1"]"#, "not a JSON object"),
        ])
    func malformedFileIsQuarantined(name: String, document: String, named: String) async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("1-\(name)", document)
        try fixture.drop("2-good.json", #"{"id": "n-ok", "kind": "message", "title": "Still here"}"#)

        let report = try await fixture.processor().drain()

        guard case .quarantined(let reason) = report.files.first?.outcome else {
            Issue.record("expected .quarantined, got \(report.files)")
            return
        }
        #expect(reason.contains(named), "reason should name \(named): \(reason)")
        #expect(try fixture.names(in: fixture.inbox.badURL) == ["1-\(name)", "1-\(name).reason"])
        let reasonText = try fixture.reason(for: "1-\(name)")
        #expect(reasonText.hasPrefix(reason.split(separator: "\n").joined(separator: " ")))
        #expect(reasonText.contains("quarantined-at: 2026-11-20T09:00:00Z"))
        let quarantined = try Data(contentsOf: fixture.inbox.badURL.appendingPathComponent("1-\(name)"))
        #expect(quarantined == Data(document.utf8), "the bad file is kept byte for byte")
        #expect(fixture.delivery.lines == ["recorded n-ok message: Still here"])
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["2-good.json"])
        #expect(try fixture.names(in: fixture.inbox.newURL).isEmpty)
    }

    @Test("a file over 64 KiB is quarantined without being decoded")
    func oversizedFileIsQuarantined() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let padding = String(repeating: "x", count: Inbox.maximumFileSize)
        try fixture.drop("big.json", #"{"id": "n-big", "kind": "message", "body": "\#(padding)"}"#)

        let report = try await fixture.processor().drain()

        guard case .quarantined(let reason) = report.files.first?.outcome else {
            Issue.record("expected .quarantined, got \(report.files)")
            return
        }
        #expect(reason.contains("big.json") && reason.contains("65536"))
        #expect(try fixture.names(in: fixture.inbox.badURL) == ["big.json", "big.json.reason"])
        #expect(try await fixture.records().isEmpty)
    }

    @Test("files in tmp/ and dot-files in new/ are never read")
    func tmpAndDotFilesAreIgnored() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let document = Data(#"{"id": "n-3", "kind": "message"}"#.utf8)
        try document.write(to: fixture.inbox.tmpURL.appendingPathComponent("half-written.json"))
        try document.write(to: fixture.inbox.newURL.appendingPathComponent(".being-renamed.json"))

        let report = try await fixture.processor().drain()

        #expect(report.files.isEmpty)
        #expect(fixture.delivery.lines.isEmpty)
        #expect(try fixture.names(in: fixture.inbox.tmpURL) == ["half-written.json"])
        #expect(try fixture.names(in: fixture.inbox.newURL) == [".being-renamed.json"])
        #expect(try await fixture.records().isEmpty)
    }

    @Test("files are processed oldest name first")
    func filesAreProcessedInNameOrder() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        for (name, id) in [("1700000003.c", "c"), ("1700000001.a", "a"), ("1700000002.b", "b")] {
            try fixture.drop(name, #"{"id": "\#(id)", "kind": "message", "title": "\#(id)"}"#)
        }

        let report = try await fixture.processor().drain()

        #expect(report.files.map(\.name) == ["1700000001.a", "1700000002.b", "1700000003.c"])
        #expect(fixture.delivery.lines == ["recorded a message: a", "recorded b message: b", "recorded c message: c"])
    }

    @Test("a storage failure leaves the file in new/, and a later pass with a working store records it")
    func storageFailureKeepsTheFileForLater() async throws {
        let fixture = try await InboxFixture(data: await DataLayerFactory.inMemory(readOnly: true))
        defer { fixture.remove() }
        try fixture.drop("n4.json", #"{"id": "n-4", "kind": "message", "title": "Kept"}"#)

        let failed = try await fixture.processor().drain()

        guard case .retryLater = failed.files.first?.outcome else {
            Issue.record("expected .retryLater, got \(failed.files)")
            return
        }
        #expect(failed.retryCount == 1)
        #expect(fixture.delivery.lines.isEmpty)
        #expect(try fixture.names(in: fixture.inbox.newURL) == ["n4.json"])
        #expect(try fixture.names(in: fixture.inbox.badURL).isEmpty)

        let working = try await DomainFactory.make(data: await DataLayerFactory.inMemory(), clock: fixture.clock)
        let retried = try await fixture.processor(notifications: working.notifications).drain()

        guard case .recorded = retried.files.first?.outcome else {
            Issue.record("expected .recorded, got \(retried.files)")
            return
        }
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["n4.json"])
    }

    @Test("a drain stops before the next file once asked to, leaving the rest in new/")
    func drainStopsBetweenFiles() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("1.json", #"{"id": "n-1", "kind": "message"}"#)
        try fixture.drop("2.json", #"{"id": "n-2", "kind": "message"}"#)
        var asked = 0

        let report = try await fixture.processor().drain(while: {
            asked += 1
            return asked == 1
        })

        #expect(report.files.map(\.name) == ["1.json"])
        #expect(try fixture.names(in: fixture.inbox.newURL) == ["2.json"])
    }

    @Test("more files than one batch holds are all recorded once, delivered and filed in name order")
    func drainsSeveralBatchesInOrder() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let count = InboxProcessor.batchSize * 2 + 3
        let names = (0..<count).map { String(format: "%04d.json", $0) }
        for (number, name) in names.enumerated() {
            try fixture.drop(name, #"{"id": "n-\#(number)", "kind": "message", "title": "t\#(number)"}"#)
        }
        try fixture.drop("9999-bad.json", "not json")
        try fixture.drop("9999-repeat.json", #"{"id": "n-1", "kind": "message", "title": "again"}"#)

        let report = try await fixture.processor().drain()

        #expect(report.files.map(\.name.text) == names + ["9999-bad.json", "9999-repeat.json"])
        #expect(fixture.delivery.lines == (0..<count).map { "recorded n-\($0) message: t\($0)" } + ["duplicate n-1 (already recorded)"])
        #expect(try fixture.names(in: fixture.inbox.newURL).isEmpty)
        #expect(try fixture.names(in: fixture.inbox.curURL) == names + ["9999-repeat.json"])
        #expect(try await fixture.records().count == count)
    }
}
