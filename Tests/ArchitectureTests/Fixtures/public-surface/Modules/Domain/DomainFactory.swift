/// The factory the fix messages name: found in the code, like every factory.
public enum DomainFactory {
    public static func make() -> any CaseReportService { fatalError() }
}
