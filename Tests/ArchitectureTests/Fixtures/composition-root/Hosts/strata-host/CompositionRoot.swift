import StrataCrossCutting
import StrataData
import StrataDomain
import StrataHostKit
import StrataSync

/// The one place that picks implementations.
enum CompositionRoot {
    static func make() throws {
        let data = try DataLayerFactory.live(path: "strata.sqlite")
        let domain = DomainFactory.make(data: data)
        let engine = SyncFactory.live(data: data)
        _ = (domain, engine)
    }
}
