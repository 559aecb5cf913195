import StrataData
import StrataDomain

/// The look-alike done right: the kit is handed its services.
struct ReportsScreen {
    let data: any DataLayer
    let domain: any DomainServices
}
