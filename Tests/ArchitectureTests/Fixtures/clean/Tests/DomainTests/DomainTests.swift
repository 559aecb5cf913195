import StrataData
import StrataDataTesting
@testable import StrataDomain
import Testing

@Test func works() {}
