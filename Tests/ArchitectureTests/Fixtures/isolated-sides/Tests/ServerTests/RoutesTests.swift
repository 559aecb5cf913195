// A test may import both sides: it drives the server with the client's types.
import StrataData
@testable import StrataServerKit
import StrataTestSupport
import Testing

@Test func routes() {}
