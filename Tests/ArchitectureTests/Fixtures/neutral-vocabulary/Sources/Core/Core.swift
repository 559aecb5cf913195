import Checkout  // Planted: layer-rank (core imports a feature).

public struct Money: Sendable {}
