import Hummingbird
import StrataCrossCutting

/// Binds the console's ``MessageLanguage`` (the server's locale: `LANG=ja_JP.UTF-8` gives a
/// Japanese console) around every request under `/admin`.
///
/// strata-server itself speaks English whatever the locale — its command line, logs and `/v1`
/// answers go to operators and programs — so its entry point binds English; the web console is
/// for people, so only its pages follow the locale the server was started in.
struct ConsoleLanguageMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The console pages' language.
    let language: MessageLanguage

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.uri.path == "/admin" || request.uri.path.hasPrefix("/admin/") else {
            return try await next(request, context)
        }
        return try await MessageLanguage.$current.withValue(language) { try await next(request, context) }
    }
}
