import StrataCrossCutting
// Planted: one upward import written twice on one line (and declared twice in package.json).
import StrataDomain; import StrataDomain

public protocol Store: Sendable {}
