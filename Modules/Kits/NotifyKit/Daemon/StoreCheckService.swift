import Logging
import ServiceLifecycle
import StrataCrossCutting

/// The daemon's ``StoreCheckSchedule`` as a swift-service-lifecycle `Service`: asks whether
/// the store's full check is due right after the start (the check itself runs on the data
/// layer's own queue, never on the cooperative pool, and never before the inbox is watched),
/// then every ``StoreCheckSchedule/interval``, until the group shuts down.
///
/// Damage found ends the group with the damage's line (the daemon exits 1), so nothing more
/// is written to a store marked damaged; any other failure is logged and tried again later.
struct StoreCheckService: Service, CustomStringConvertible {
    let schedule: StoreCheckSchedule
    let logger: Logger

    var description: String { "store-check" }

    func run() async throws {
        while !Task.isCancelled {
            do {
                try await schedule.runIfDue()
            } catch let error as any StrataError where error.codeName == "damaged" {
                throw error
            } catch {
                logger.warning("cannot check the store now; trying again in \(schedule.interval): \(error)")
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: schedule.interval) }
            } catch {
                return  // a graceful shutdown (or a cancellation) ended the wait
            }
        }
    }
}
