import StrataData

// Planted: StrataDomain declares StrataCrossCutting and the Logging product, and imports neither.
// The words `import StrataCrossCutting` in this comment and "import Logging" in a string do not count.
let note = "import Logging"

public protocol Reports: Sendable {}
