public import StrataCrossCutting
public import StrataData

/// The one public way to obtain the domain's use cases (placeholder, being written).
public enum DomainFactory {
    /// The use cases over `data`, with "today" decided by `clock`.
    public static func make(data: any DataLayer, clock: any StrataClock) throws -> any DomainServices {
        fatalError("not yet")
    }
}
