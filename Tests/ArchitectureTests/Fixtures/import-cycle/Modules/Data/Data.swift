import StrataStore
import StrataSync  // Planted: StrataData and StrataSync import each other.

public protocol DataLayer: Sendable {}
