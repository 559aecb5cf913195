import StrataCrossCutting
import StrataData
import StrataDomain
import StrataHostKit

HostCommand.main()

// The composition root picks implementations: the live factories are for it.
let data = try DataLayerFactory.live(container: container, logger: logger)
let domain = try DomainFactory.make(data: data, clock: SystemClock())
