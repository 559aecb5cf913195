public struct Extra: Sendable {}  // Planted: unassigned-target.
