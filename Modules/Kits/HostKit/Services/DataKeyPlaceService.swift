import StrataContainer
import StrataMaintenance
import StrataSession

/// The interactive host's `dataKey` service (`ServiceKey.dataKey`): where
/// the data key is kept and why, from the store maintenance `strata-host store key` uses, for
/// the Account screen. Registered by ``HostSession/interactive(_:opening:)`` when the
/// composition root gave a store maintenance.
struct DataKeyPlaceService: StrataService, DataKeyPlaceSource {
    let maintenance: any StoreMaintenance

    func start(context: any ContainerContext) async throws {}

    func dataKeyReport() async throws -> DataKeyReport {
        try await maintenance.dataKey()
    }
}
