#if os(Linux)
import Logging
#endif
#if canImport(Logging)
import Logging
#endif
#if !os(Linux)
#else
import Logging
#endif
// Planted: compiled on macOS in debug builds.
#if os(Linux) || DEBUG
import Logging
#endif
// Planted: compiled on Windows.
#if os(macOS)
#else
import Logging
#endif
