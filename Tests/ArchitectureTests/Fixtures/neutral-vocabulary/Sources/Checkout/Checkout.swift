import Payments
import Search  // Planted: sibling-hosts (two groups on one rank).
import AdminPanel  // Planted: isolated-sides.

public struct Cart: Sendable {}
