import StrataCrossCutting

/// Only protocols, value types and the factory are public here.
public protocol Store: Sendable {}

// public class InAComment {}
/* public actor InABlockComment { /* nested */ } */
let example = "public final class InAString {}"
let multiLine = """
    open class InAMultiLineString {}
    """

public final class SQLiteStore: Store {}
@MainActor public final class MainStore: Store {}
@_spi(Testing) public actor TestHook {}
final class InternalStore: Store {}

public struct Row: Sendable {
    public let id: Int
    public private(set) var name: String
}

public enum DataLayerFactory {
    public static func make() -> any Store { InternalStore() }
}

public extension Row {
    final class Cursor {}
    internal final class Buffer {}
    func open() {}
}
