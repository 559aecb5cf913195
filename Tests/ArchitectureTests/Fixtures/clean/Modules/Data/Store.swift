import CSQLite
import Logging
public import StrataCrossCutting
import Synchronization

/*
 import StrataDomain  — a comment never counts
 /* not even nested: import StrataHostKit */
 */
let help = "import StrataHostKit"
let raw = #"import "StrataHostKit" "#
let template = """
    import StrataHostKit \(help.count) \("import StrataDomain")
    """

public protocol ValueObjectStore: Sendable {}
final class SQLiteStore: ValueObjectStore {}
public enum DataLayerFactory {}
