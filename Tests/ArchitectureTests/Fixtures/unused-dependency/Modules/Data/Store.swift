#if canImport(Glibc)
import CSQLite  // Used only under #if: still a use of the dependency.
#endif
import StrataCrossCutting

public protocol Store: Sendable {}
