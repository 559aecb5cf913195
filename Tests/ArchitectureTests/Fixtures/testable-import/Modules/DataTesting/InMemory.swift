// Test support may reach internals: allowed.
@testable import StrataData
