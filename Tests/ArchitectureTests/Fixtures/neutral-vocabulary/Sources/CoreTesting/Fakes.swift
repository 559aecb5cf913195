import Core

public struct FakeClock: Sendable {}
