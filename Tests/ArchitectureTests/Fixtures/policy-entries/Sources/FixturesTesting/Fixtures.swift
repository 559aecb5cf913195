// Named …Testing, but its policy entry says "role": "production": production code may import it.
import Core

public struct Fixture: Sendable {}
