// "@testable import StrataData" in a string, and here in a comment, do not count.
@testable import StrataData  // Planted: production code reaching internals.

public protocol Reports: Sendable {}
