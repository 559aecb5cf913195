public import ArgumentParser
import StrataCrossCutting
import StrataDomain

/// Handed its services by the composition root, which calls DataLayerFactory.live: a kit never does.
public struct HostCommand: ParsableCommand {
    let usage = "DomainFactory.make(data:clock:) runs in Hosts/strata-host"
}
