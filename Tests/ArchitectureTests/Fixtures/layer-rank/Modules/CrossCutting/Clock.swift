import Foundation

// Planted: cross-cutting imports the data layer, hidden in a branch.
#if canImport(StrataData)
import StrataData
#endif

struct Clock {}
