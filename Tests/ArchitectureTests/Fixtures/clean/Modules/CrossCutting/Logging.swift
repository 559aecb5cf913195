public import Logging
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Cross-cutting may publish utility types.
public struct StrataLogging {}
