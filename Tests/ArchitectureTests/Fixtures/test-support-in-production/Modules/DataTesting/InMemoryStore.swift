// Allowed: test support may use the test framework to fail loudly.
import StrataData
import Testing

struct InMemoryStore {}
