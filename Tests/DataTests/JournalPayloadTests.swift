import Foundation
import StrataWire
import Testing

@testable import StrataData
import StrataStore

@Suite("Journal payloads and operation ids")
struct JournalPayloadTests {
    static let tricky: [String: FieldValue] = [
        "text": .text("quote \" backslash \\ slash / tab \t newline \n nul \u{0} bell \u{7} é 漢字 🩺"),
        "empty": .text(""),
        "max": .integer(.max), "min": .integer(.min), "zero": .integer(0),
        "tenth": .real(0.1), "negativeZero": .real(-0.0), "huge": .real(1e300), "tiny": .real(Double(bitPattern: 1)), "whole": .real(2),
        "bytes": .blob([0, 1, 2, 253, 254, 255]), "noBytes": .blob([]), "nothing": .null,
        "ключ \"с\" кавычками": .integer(7),
    ]

    @Test("every kind of value survives the payload round trip exactly")
    func roundTrip() async throws {
        let data = try PayloadCodec.encode(Self.tricky)
        #expect(try PayloadCodec.decode(data, what: "change x") == Self.tricky)
        // It is the wire's own form: the wire's decoder reads the same values.
        let wire = try WireCoding.decoder().decode([String: WireValue].self, from: data)
        #expect(wire == Self.tricky.mapValues(\.wireValue))
    }

    @Test("payloads written by earlier builds (JSONSerialization) still read")
    func readsEarlierPayloads() async throws {
        var object: [String: [Any]] = [:]
        for (key, value) in Self.tricky {
            switch value {
            case .null: object[key] = ["n"]
            case .integer(let number): object[key] = ["i", NSNumber(value: number)]
            case .real(let number): object[key] = ["r", NSNumber(value: number)]
            case .text(let text): object[key] = ["t", text]
            case .blob(let bytes): object[key] = ["b", Data(bytes).base64EncodedString()]
            }
        }
        let earlier = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        #expect(try PayloadCodec.decode(earlier, what: "change x") == Self.tricky)
    }

    @Test("a real that is not finite is refused when saved, naming the key; an unreadable payload names the change")
    func refusesWhatJSONCannotCarry() async throws {
        let error = #expect(throws: DataError.self) { try PayloadCodec.encode(["ward": .integer(1), "score": .real(.nan)]) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.message.contains("'score'") == true)
        let unreadable = #expect(throws: DataError.self) {
            try PayloadCodec.decode(Data(#"{"a":["i",1.5]}"#.utf8), what: "change op-1")
        }
        #expect(unreadable?.code == .incompatibleStore)
        #expect(unreadable?.message.contains("change op-1") == true)
    }

    @Test("operation ids are version 7 UUIDs: unique, and later ones sort after earlier ones")
    func operationIDsSortByTime() async throws {
        let earlier = (0..<50).map { OperationID.make(at: 1_800_000_000 + Double($0) * 0.002) }
        #expect(earlier == earlier.sorted())
        #expect(Set(earlier).count == 50)
        let sameInstant = (0..<1000).map { _ in OperationID.make(at: 1_800_000_000) }
        #expect(Set(sameInstant).count == 1000)
        for id in earlier + sameInstant.prefix(5) {
            let uuid = try #require(UUID(uuidString: id))
            #expect(uuid.uuidString.lowercased() == id)
            let bytes = uuid.uuid
            #expect(bytes.6 >> 4 == 7, "version 7")
            #expect(bytes.8 >> 6 == 2, "RFC 9562 variant")
        }
        #expect(OperationID.make(at: 1_800_000_000).hasPrefix("01a3185c-5000-7"))
    }
}
