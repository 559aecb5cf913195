// A platform's own modules, each imported only where it exists: no package provides them, and
// the guard names the module itself, so they need no declaration (GRDB, swift-argument-parser).
#if canImport(string_h)
import string_h
#elseif os(Linux)
import Glibc
#endif

#if canImport(os)
#if canImport(C.os.lock)
internal import C.os.lock
#endif
#endif

#if canImport(Helpers, _version: 2)
import Helpers
#endif

// The guard names another module: the import is still a finding (line 21).
#if canImport(Darwin)
import CoreHelpers
#endif

// No guard at all: a finding (line 25).
import UnknownKit

// `!canImport` or `||` does not prove the module exists: findings (lines 29 and 32).
#if !canImport(Shims)
import Shims
#endif
#if canImport(Bridge) || DEBUG
import Bridge
#endif
