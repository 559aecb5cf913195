import StrataCrossCutting

/// Checks a micro-app's launch params (a URL's query items plus `path`) against the keys its
/// route accepts, so a misspelt key (`mmo=` for `memo=`) is refused instead of silently lost.
public enum LaunchParameters {
    /// The key ``ApplicationSchemeHandler`` sets to the rest of the URL's path: always accepted.
    public static let pathKey = "path"

    /// Refuses the keys of `params` that `route` does not accept (``pathKey`` always is).
    ///
    /// The message names the unknown keys and lists the accepted ones, e.g.
    /// `strata://reports/new: unknown parameter 'mmo'; accepted: patientName, age, memo`.
    ///
    /// - Parameters:
    ///   - params: The launch params.
    ///   - route: The route as a person would write it, e.g. `strata://reports/new`.
    ///   - accepted: The accepted keys, in the order to list them.
    /// - Throws: ``ContainerError`` `unknownParameter`.
    public static func check(_ params: [String: String], route: String, accepted: [String]) throws {
        let unknown = params.keys.filter { $0 != pathKey && !accepted.contains($0) }.sorted()
        guard !unknown.isEmpty else { return }
        let named = unknown.map { "'\(ScreenCommand.printable($0))'" }.joined(separator: ", ")
        let noun = unknown.count == 1 ? "parameter" : "parameters"
        let list = accepted.isEmpty ? localized("none", ja: "なし") : accepted.joined(separator: ", ")
        throw ContainerError(
            .unknownParameter,
            localized(
                "\(route): unknown \(noun) \(named); accepted: \(list)",
                ja: "\(route): 不明なパラメーター \(named)。使えるもの: \(list)"))
    }
}
