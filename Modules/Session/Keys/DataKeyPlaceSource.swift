public import StrataCrossCutting

/// Says where the store's data key is kept and why (what `strata-host store key` prints), for
/// the screens that show it: the interactive host provides one as the container service
/// `ServiceKey.dataKey` and the Account screen reads it.
public protocol DataKeyPlaceSource: Sendable {
    /// Where the key is now, the place a new key would go when there is none yet, and why.
    ///
    /// - Throws: the data layer's error when the places cannot be read.
    func dataKeyReport() async throws -> DataKeyReport
}

extension ServiceKey where Service == any DataKeyPlaceSource {
    /// Where the data key is kept (`dataKey`, a ``DataKeyPlaceSource``), as the interactive
    /// host provides it: `await context.findService(.dataKey)`.
    public static var dataKey: ServiceKey<any DataKeyPlaceSource> { ServiceKey("dataKey") }
}
