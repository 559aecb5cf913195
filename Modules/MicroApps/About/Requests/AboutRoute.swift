import StrataContainer

/// What a `strata://about` URL (or a start's params) asks the About micro-app for: the boot
/// report, as text or (`format=json`) as JSON. `format` is the only key it accepts.
struct AboutRoute: Equatable {
    /// Whether the report is printed as JSON.
    let json: Bool

    /// Reads the route from a start's params.
    ///
    /// - Throws: ``ContainerError`` `unknownParameter` naming a key other than `format` (and
    ///   the accepted one).
    init(params: [String: String]) throws {
        try LaunchParameters.check(params, route: "strata://about", accepted: ["format"])
        json = params["format"] == "json"
    }
}
