import Foundation
import StrataWire
import Testing

@Suite("the wire's hand-written JSON agrees with the encoder and decoder")
struct WireJSONTests {
    static let values: [String: WireValue] = [
        "text": .text("quote \" backslash \\ slash / tab \t newline \n nul \u{0} unit \u{1f} é 漢字 🩺"),
        "max": .integer(.max), "min": .integer(.min), "tenth": .real(0.1), "negativeZero": .real(-0.0),
        "huge": .real(1.5e300), "tiny": .real(Double(bitPattern: 1)), "whole": .real(2), "bytes": .blob(Data([0, 255, 7])),
        "nothing": .null, "key \"quoted\"": .integer(1),
    ]
    static let changes = [
        WireChange(operationId: "op-1", typeName: "CaseReport", objectId: "a/b", operation: "insert", values: values, scope: 2),
        WireChange(operationId: "op-2", typeName: "CaseReport", objectId: "*", operation: "deleteAll", values: [:], scope: 3),
    ]

    @Test("what WireJSON writes, the wire's decoder reads back unchanged")
    func writerMatchesDecoder() throws {
        let decoder = WireCoding.decoder()
        let values = try #require(WireJSON.values(Self.values))
        #expect(try decoder.decode([String: WireValue].self, from: Data(values)) == Self.values)
        let bodies = Self.changes.map { change in
            var out: [UInt8] = []
            #expect(WireJSON.appendChange(change, to: &out))
            return out
        }
        #expect(try decoder.decode(PushRequest.self, from: WireJSON.pushRequest(changes: bodies)).changes == Self.changes)
        let push = PushResponse(results: [
            ChangeResult(operationId: "op-1", status: "applied"), ChangeResult(operationId: "op-2", status: "rejected", reason: "no \"way\""),
        ])
        #expect(try decoder.decode(PushResponse.self, from: WireJSON.pushResponse(push)) == push)
        let pull = PullResponse(
            objects: [
                WireObject(objectId: "a", values: Self.values, scope: 2, ownerUser: "u1", ownerGroup: nil, deleted: false, version: 7),
                WireObject(objectId: "b", values: [:], scope: 1, ownerUser: nil, ownerGroup: "g", deleted: true, version: 9),
            ], cursor: 9, hasMore: true)
        #expect(try decoder.decode(PullResponse.self, from: #require(WireJSON.pullResponse(pull))) == pull)
        #expect(WireJSON.values(["bad": .real(.infinity)]) == nil, "JSON has no infinity: the encoder's error is kept")
    }

    @Test("a string is written with the same bytes wherever its escapes are: first, last, side by side, none")
    func stringBytes() {
        func written(_ text: String) -> String {
            var out: [UInt8] = []
            WireJSON.appendString(text, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(written("") == #""""#)
        #expect(written("plain é 漢字 🩺") == #""plain é 漢字 🩺""#)
        #expect(written("\"a\\\n\r\t\u{0}\u{1f}b\"") == #""\"a\\\n\r\t\u0000\u001fb\"""#)
        #expect(written("\n\n") == #""\n\n""#)
        #expect(written(String("x\"y".dropFirst())) == #""\"y""#)
    }

    @Test("what the encoder writes, the reader reads to the decoder's value")
    func readerMatchesDecoder() throws {
        let encoder = WireCoding.encoder()
        let push = PushRequest(changes: Self.changes)
        #expect(WireJSONReader.pushRequest(from: Array(try encoder.encode(push))) == push)
        let answer = PushResponse(results: [ChangeResult(operationId: "x", status: "rejected", reason: "r")])
        #expect(WireJSONReader.pushResponse(from: Array(try encoder.encode(answer))) == answer)
        let pull = PullResponse(
            objects: [WireObject(objectId: "a", values: Self.values, scope: 3, ownerUser: "u", ownerGroup: "g", deleted: false, version: 1)],
            cursor: 1, hasMore: false)
        #expect(WireJSONReader.pullResponse(from: Array(try encoder.encode(pull))) == pull)
        let spaced = Data(" { \"changes\" : [ ] } \n".utf8)
        #expect(WireJSONReader.pushRequest(from: Array(spaced)) == PushRequest(changes: []))
        let escaped = #"{"a":["t","\u00e9\ud83e\ude7a\/\b\f"]}"#
        var reader = WireJSONReader(bytes: Array(escaped.utf8))
        #expect(reader.readValues() == ["a": .text("é🩺/\u{8}\u{c}")])
    }

    @Test("anything the reader does not fully understand is left to the decoder", arguments: [
        #"{"changes":[{"operationId":"o","typeName":"T","objectId":"x","operation":"insert","values":{},"scope":2,"extra":1}]}"#,
        #"{"changes":[{"operationId":"o","operationId":"p","typeName":"T","objectId":"x","operation":"insert","values":{},"scope":2}]}"#,
        #"{"changes":[{"operationId":"o","typeName":"T","objectId":"x","operation":"insert","values":{},"scope":2.0}]}"#,
        #"{"changes":[{"operationId":"o","typeName":"T","objectId":"x","operation":"insert","values":{"a":["n",1]},"scope":2}]}"#,
        #"{"changes":[{"operationId":"o","typeName":"T","objectId":"x","operation":"insert","values":{"a":["i",01]},"scope":2}]}"#,
        #"{"changes":[{"operationId":"o","typeName":"T","objectId":"x","operation":"insert","values":{"a":["r",1e999]},"scope":2}]}"#,
        #"{"changes":[{"operationId":"\ud800","typeName":"T","objectId":"x","operation":"insert","values":{},"scope":2}]}"#,
        #"{"changes":[{"operationId":"o","typeName":"T","objectId":"x","operation":"insert","values":{},"scope":null}]}"#,
        #"{"changes":[]}x"#, #"{"changes":[],"more":true}"#, "",
    ])
    func declinesTheUnusual(body: String) {
        #expect(WireJSONReader.pushRequest(from: Array(body.utf8)) == nil)
    }

    @Test("invalid UTF-8 and raw control characters are declined, as the decoder refuses them")
    func declinesInvalidText() {
        let invalid: [UInt8] = Array(#"{"a":["t",""#.utf8) + [0xC3, 0x28] + Array(#""]}"#.utf8)
        var reader = WireJSONReader(bytes: invalid)
        #expect(reader.readValues() == nil)
        #expect(reader.problem.contains("UTF-8"))
        var control = WireJSONReader(bytes: Array("{\"a\":[\"t\",\"line\nbreak\"]}".utf8))
        #expect(control.readValues() == nil)
    }
}
