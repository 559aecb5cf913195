import StrataData
import StrataDataTesting
import StrataDomain
@testable import StrataHostKit
import Testing

@Test func reports() throws {
    let data = try DataLayerFactory.live(path: ":memory:")
    _ = DomainFactory.make(data: data)
}
