public struct Core: Sendable {}
