// The target defines USE_LOGGING on Linux only: elsewhere this branch is dead.
#if USE_LOGGING
import Logging
#endif
// Darwin exists on Apple platforms only, where Crypto is declared.
#if canImport(Darwin)
import Crypto
#endif
// Planted: USE_TRACING is defined on Linux in debug builds only, so release builds elsewhere are unknown.
#if USE_TRACING || USE_LOGGING
import Logging
#endif
#if !USE_TRACING
#else
import Logging
#endif
