// (b) Module-level API: free functions and globals, SPI or not, in any #if branch.
public func makeStore() -> any Store { DiskStore() }
public let defaultPageSize = 50
public var verbose: Bool { false }
@_spi(Testing) public func resetForTesting() {}
#if DEBUG
public func debugDump() {}
#endif

// Allowed: internal globals, and members of types and of public extensions.
func helper() {}
let internalLimit = 10
extension DataLayerFactory {
    public static func makeNull() -> any Store { DiskStore() }
    @_spi(Testing) public static func reset() {}
    public static let pageSize = 50
}
public extension Note {
    func describe() -> String { "" }
    var title: String { "" }
}
