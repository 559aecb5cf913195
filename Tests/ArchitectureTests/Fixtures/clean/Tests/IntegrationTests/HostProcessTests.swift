import Foundation
@testable import strata_host
import Testing

@Test func runs() {}
