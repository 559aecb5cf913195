public import Logging
public import StrataCrossCutting
public import StrataServerData

/// The one way into `StrataServerDomain`.
public enum ServerDomainFactory {
    /// The server's use cases over `data`, with `clock` deciding token expiry.
    public static func make(
        data: any ServerDataLayer, clock: any StrataClock, settings: ServerSettings = ServerSettings(), logger: Logger
    ) -> any ServerServices {
        StoreServerServices(data: data, clock: clock, settings: settings, logger: logger)
    }
}
