@testable import StrataHostKit
import Testing
@_spi(Testing) import StrataCrossCutting  // Planted: test targets declare what they import too.

@Test func parses() {}
