@testable import StrataLayering
import Testing

/// The per-module facts behind the public-surface rule: visible types and service protocols.
@Suite("Module surface: which types are visible and which protocols are services")
struct ModuleSurfaceTests {
    private let surface = ModuleSurface(module: "StrataData", declarations: DeclarationScanner.declarations(in: """
        public protocol ValueObjectStore: Sendable {}
        public protocol ValueObject: Sendable {}
        public protocol Dated: ValueObject {}
        public protocol Stamped: Dated {}
        protocol InternalService {}
        public struct DataError { public struct Code {} }
        struct Hidden { public struct Inner {} }
        """))

    @Test("a protocol is a value protocol when listed or when it refines one; every other public one is a service")
    func serviceProtocols() {
        let services = ModuleSurface.serviceProtocols(among: surface.publicProtocols, valueProtocols: ["ValueObject"])
        #expect(services == ["ValueObjectStore"])
    }

    @Test("a type is visible outside when it and every enclosing type are public; foreign types count as public")
    func visibility() {
        #expect(surface.isVisibleOutside(typeAt: "DataError.Code"))
        #expect(surface.isVisibleOutside(typeAt: "StrataData.DataError"))
        #expect(!surface.isVisibleOutside(typeAt: "Hidden"))
        #expect(!surface.isVisibleOutside(typeAt: "Hidden.Inner"))
        #expect(surface.isVisibleOutside(typeAt: "Array"))
    }
}
