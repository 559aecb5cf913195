import StrataServerData
import StrataWire

// import StrataData   (a comment: not an import)
let note = "import StrataDomain"
public protocol AccountService: Sendable {}
