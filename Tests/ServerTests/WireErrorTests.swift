import Foundation
import StrataCrossCutting
import StrataWire
import Testing

/// `WireError`, StrataWire's one error type, is a `StrataError` like every module's: the
/// wire's `error` field is its code, the `reason` its message, and its JSON is unchanged.
@Suite("WireError: a StrataError whose code is the wire's error field and whose message is the reason")
struct WireErrorTests {
    @Test("a WireError reads as any StrataError and prints as one failure line naming its code")
    func wireErrorIsAStrataError() {
        let wire = WireError(error: "notFound", reason: "no object 7 of type case")
        let error: any StrataError = wire
        #expect(error.codeName == "notFound")
        #expect(error.message == "no object 7 of type case")
        #expect("\(error)" == "no object 7 of type case")
        #expect(
            FailureLine.line(program: "strata-host", error: wire, verbose: true)
                == "strata-host: no object 7 of type case [WireError.notFound]"
        )
    }

    @Test("its JSON on the wire is still exactly the error and the reason")
    func wireShapeUnchanged() throws {
        let data = try WireCoding.encoder().encode(WireError(error: "busy", reason: "try again"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(object == ["error": "busy", "reason": "try again"])
        #expect(try WireCoding.decoder().decode(WireError.self, from: data) == WireError(error: "busy", reason: "try again"))
    }
}
