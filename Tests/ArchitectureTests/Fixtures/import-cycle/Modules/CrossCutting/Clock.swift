public struct Clock: Sendable {}
