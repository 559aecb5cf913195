import StrataCrossCutting
import StrataData
import StrataDomain
import StrataSync

struct ReportsCommand {
    let settings: Settings

    func run() throws {
        let data = try DataLayerFactory.live(path: "strata.sqlite")
        let domain = StrataDomain.DomainFactory.make(data: data)
        let open = DataLayerFactory.readOnly
        let engine = SyncFactory
            .offline(data: data)
        // DataLayerFactory.live(path:) in a comment is no call, nor is one in a string:
        let text = "DataLayerFactory.live"
        let mode = settings.live
        _ = (domain, open, engine, text, mode)
    }
}

struct Settings {
    var live = true
}
