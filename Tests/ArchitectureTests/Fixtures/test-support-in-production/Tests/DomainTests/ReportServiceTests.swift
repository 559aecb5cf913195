// Allowed: tests import the doubles they declare.
import StrataData
import StrataDataTesting
@testable import StrataDomain
import Testing

@Test func savesAReport() {}
