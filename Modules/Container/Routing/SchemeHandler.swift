public import Foundation

/// Routes opened URLs of one scheme (the seed's `SchemeHandler`).
///
/// After the open-URL hook returns `continue`, the framework hands the URL (or the hook's new
/// URL) to the handlers registered for its scheme, in registration order, until one returns
/// `true`. Register handlers on the ``ContainerRegistry``.
public protocol SchemeHandler: Sendable {
    /// Handles `url`; returns `false` to let the next handler try.
    func handle(_ url: URL, context: any ContainerContext) async throws -> Bool
}

/// A scheme handler that starts a micro-app: `strata://<route>/<path>?key=value` starts the
/// app mapped to `<route>` with the query items as params plus `path` (the rest of the path).
///
/// For example, with `routes: ["reports": "Reports"]`, `strata://reports/new?age=40` starts
/// `Reports` with `["path": "new", "age": "40"]`.
public struct ApplicationSchemeHandler: SchemeHandler {
    /// URL host → micro-app name.
    public let routes: [String: String]
    /// How the app is placed on the stack.
    public let launchMode: LaunchMode

    /// Creates a handler with the given routes.
    public init(routes: [String: String], launchMode: LaunchMode = .bringToTop) {
        self.routes = routes
        self.launchMode = launchMode
    }

    /// Starts the app the URL's host maps to; `false` for a host with no route.
    public func handle(_ url: URL, context: any ContainerContext) async throws -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let host = components.host, let appName = routes[host]
        else { return false }
        var params: [String: String] = [:]
        for item in components.queryItems ?? [] { params[item.name] = item.value ?? "" }
        let path = components.path.split(separator: "/").joined(separator: "/")
        if !path.isEmpty { params["path"] = path }
        try await context.startApplication(appName, params: params, launchMode: launchMode)
        return true
    }
}
