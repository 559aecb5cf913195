import Foundation
#if os(Windows)
import StrataData
#elseif DEBUG && (arch(x86_64) || arch(arm64))
import StrataDomain
#else
import Dispatch
#endif
#if swift(<6.0) || !compiler(>=6.0)
import StrataData
#endif
// The target defines STRATA_FIXTURE on every platform: this branch is dead.
#if !STRATA_FIXTURE
import StrataDomain
#endif
