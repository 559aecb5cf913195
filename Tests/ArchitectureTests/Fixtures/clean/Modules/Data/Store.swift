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

/// Look-alikes the public-surface rule allows: values, value-object protocols, factory members.
public protocol ValueObject: Sendable {}
public struct Note: ValueObject, Hashable, Codable {}
public enum Level: Int, Sendable, Hashable, Codable {}
extension DataLayerFactory {
    @_spi(Testing) public static func reset() {}
}
