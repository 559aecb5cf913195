import StrataCrossCutting
public import StrataData

public protocol DomainServices: Sendable {}

public enum DomainFactory {
    public static func make(data: any DataLayer) -> any DomainServices { fatalError() }
}

struct Reopening {
    // Planted below: the domain opening its own store.
    func reopen() throws -> any DataLayer { try DataLayerFactory.live(path: "strata.sqlite") }
}
