import StrataCrossCutting
import StrataSession  // Planted: closes StrataStore → StrataSession → StrataJournal → StrataStore.

public protocol Store: Sendable {}
