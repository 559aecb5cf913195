import StrataDomain
import Testing  // Planted: a test framework in a kit.

#if DEBUG
import XCTest  // Planted: every branch counts.
#endif

struct StatusPreview {}
