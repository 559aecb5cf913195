import Core
import CoreTesting  // Planted: test-support-in-production (and strict-settings on the manifest).

public struct Product: Sendable {}
