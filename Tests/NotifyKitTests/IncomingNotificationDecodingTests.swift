import Foundation
import StrataDomain
import StrataNotifyKit
import StrataTestSupport
import Testing

/// Reading notification documents: every bad document gets an error naming the file and key.
@Suite("notification documents")
struct IncomingNotificationDecodingTests {
    private let source = "inbox/new/x.json"

    /// Decodes `json` from ``source``.
    private func decode(_ json: String) throws -> IncomingNotification {
        try IncomingNotification.decode(Data(json.utf8), source: source)
    }

    /// The message of the error decoding `json` throws (recorded as an issue when it is not
    /// a `malformedNotification`).
    private func problem(_ json: String) async -> String? {
        let error = await thrownError(DomainError.self) { try decode(json) }
        #expect(error?.code == .malformedNotification)
        return error?.message
    }

    @Test("a full document is read; unknown keys are ignored")
    func readsFullDocument() async throws {
        let notification = try decode(
            """
            {"id": "n-1", "kind": "follow-up-due", "reportId": "r-1", "followUpId": "f-1",
             "title": "T", "body": "B", "sentAt": "2026-11-22T09:00:00Z", "priority": 5, "extra": {"a": [1]}}
            """)
        #expect(
            notification
                == IncomingNotification(
                    id: "n-1", kind: "follow-up-due", title: "T", body: "B", reportId: "r-1", followUpId: "f-1",
                    sentAt: Date(timeIntervalSince1970: 1_795_338_000)))
    }

    @Test("only id and kind are required; null reads as absent; fractional seconds and offsets are fine")
    func minimalDocument() async throws {
        #expect(try decode(#"{"id": "n-1", "kind": "message"}"#) == IncomingNotification(id: "n-1", kind: "message"))
        #expect(try decode(#"{"id": "n-1", "kind": "message", "title": null, "sentAt": null}"#).title == nil)
        #expect(try decode(#"{"id":"n","kind":"k","sentAt":"2026-11-22T09:00:00.250Z"}"#).sentAt
            == Date(timeIntervalSince1970: 1_795_338_000.25))
        #expect(try decode(#"{"id":"n","kind":"k","sentAt":"2026-11-22T18:00:00+09:00"}"#).sentAt
            == Date(timeIntervalSince1970: 1_795_338_000))
        #expect(try decode(#"{"id":"n","kind":"k","title":""}"#).title == "")
    }

    @Test("a missing or non-string required key names the key and what was expected")
    func requiredKeys() async {
        #expect(await problem(#"{"kind": "message"}"#) == "inbox/new/x.json: key 'id' is missing; expected a non-empty string")
        #expect(await problem(#"{"id": null, "kind": "message"}"#) == "inbox/new/x.json: key 'id' is missing; expected a non-empty string")
        #expect(await problem(#"{"id": 42, "kind": "message"}"#) == "inbox/new/x.json: key 'id' is 42; expected a non-empty string")
        #expect(await problem(#"{"id": "", "kind": "message"}"#) == "inbox/new/x.json: key 'id' is ''; expected a non-empty string")
        #expect(await problem(#"{"id": "n-1"}"#) == "inbox/new/x.json: key 'kind' is missing; expected a non-empty string")
        #expect(await problem(#"{"id": "n-1", "kind": ["a"]}"#) == "inbox/new/x.json: key 'kind' is an array; expected a non-empty string")
    }

    @Test("optional keys of the wrong type are named")
    func optionalKeys() async {
        #expect(await problem(#"{"id":"n","kind":"k","title":{"a":1}}"#)
            == "inbox/new/x.json: key 'title' is an object; expected a string or no key")
        #expect(await problem(#"{"id":"n","kind":"k","reportId":""}"#)
            == "inbox/new/x.json: key 'reportId' is ''; expected a non-empty string or no key")
        #expect(await problem(#"{"id":"n","kind":"k","followUpId":7}"#)?.contains("key 'followUpId' is 7") == true)
        #expect(await problem(#"{"id":"n","kind":"k","sentAt":"yesterday"}"#)
            == "inbox/new/x.json: key 'sentAt' is 'yesterday', which is not an instant; expected an ISO 8601 instant "
                + "such as 2026-11-22T09:30:00Z")
        #expect(await problem(#"{"id":"n","kind":"k","sentAt":1795338000}"#)?.contains("key 'sentAt' is 1795338000") == true)
    }

    @Test("a key named twice in the document is refused naming it, escapes compared decoded; nested repeats are fine")
    func duplicateKeysAreRefused() async throws {
        #expect(await problem(#"{"id": "a", "kind": "m", "id": "b"}"#) == "\(source): key 'id' is given twice; a notification names each key once")
        #expect(await problem(#"{"id": "a", "kind": "m", "i\u0064": "b"}"#)?.contains("key 'id' is given twice") == true)
        #expect(await problem(#"{"id": "a", "kind": "m", "title": "x", "title": "y"}"#)?.contains("key 'title' is given twice") == true)
        let nested = try decode(#"{"id": "a:b", "kind": "m", "x": {"id": 1, "id": 2}, "y": [{"k": 1}, {"k": 2}], "t\"": "\"id\":"}"#)
        #expect(nested.id == "a:b")
    }

    @Test("a document that is not a JSON object says so")
    func notAnObject() async {
        #expect(await problem(#"["id", "kind"]"#)?.hasPrefix("inbox/new/x.json: not a JSON object (it is an array)") == true)
        #expect(await problem(#""just text""#)?.hasPrefix("inbox/new/x.json: not a JSON object (it is 'just text')") == true)
        #expect(await problem("{\"id\": \"n-1\",")?.hasPrefix("inbox/new/x.json: not valid JSON") == true)
        #expect(await problem("")?.hasPrefix("inbox/new/x.json: the document is empty") == true)
        let binary = await thrownError(DomainError.self) { try IncomingNotification.decode(Data([0xff, 0xfe, 0x00]), source: source) }
        #expect(binary?.code == .malformedNotification)
    }

    @Test("a document over 64 KiB is refused before it is parsed")
    func sizeLimit() async throws {
        let padding = String(repeating: "a", count: 80_000 - 32)
        let json = #"{"id":"n","kind":"k","title":"\#(padding)"}"#
        #expect(json.utf8.count == 80_000)
        #expect(await problem(json) == "inbox/new/x.json: the document is 80000 bytes; the limit is 65536")
        let fits = String(repeating: "a", count: IncomingNotification.maximumDocumentSize - 32)
        #expect(try decode(#"{"id":"n","kind":"k","title":"\#(fits)"}"#).title?.count == fits.count)
    }

    @Test("a notification's sentAt that does not exist is refused, not rolled over", arguments: [
        "2026-02-30T10:00:00Z", "2026-11-22T24:30:00Z", "0000-01-01T00:00:00Z",
    ])
    func impossibleSentAt(sentAt: String) async throws {
        let document = #"{"id":"n","kind":"message","sentAt":"\#(sentAt)"}"#
        let error = await thrownError(DomainError.self) { try IncomingNotification.decode(Data(document.utf8), source: "inbox/new/x.json") }
        #expect(error?.code == .malformedNotification)
        #expect(error?.message.hasPrefix("inbox/new/x.json: key 'sentAt' is '\(sentAt)', which is not an instant: ") == true,
            "\(String(describing: error))")
    }
}
