import StrataHostKit
import Logging  // Planted: reachable through StrataHostKit, never declared.

#if os(Linux)
import Glibc
#else
import StrataCrossCutting  // Planted: undeclared, in the branch Linux never builds.
#endif

HostCommand.main()
