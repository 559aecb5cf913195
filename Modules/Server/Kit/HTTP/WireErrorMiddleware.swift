import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import StrataServerDomain
import StrataWire

/// Turns every failure into a JSON ``WireError`` with the right status: a domain error keeps its
/// code, an oversized body is 413, an unknown path 404, a known path with another method 405
/// (with `Allow`), a request whose HTTP framing breaks (bad chunked encoding, a body cut short)
/// is 400, and only a real fault of the server is 500.
struct WireErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let failure as HTTPFailure {
            return JSONResponse.error(failure)
        } catch let error as ServerError {
            // A database failure's message names the database (its host, port and name, or its
            // file): the log gets it, the client (perhaps anonymous) only what happened.
            switch error.code {
            case .storage:
                logger.error("storage failure", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
                return JSONResponse.error(HTTPFailure(ServerError(.storage, "the database failed; see the server's log")))
            case .unavailable:
                logger.warning("database unavailable", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
                return JSONResponse.error(HTTPFailure(ServerError(.unavailable, "the database is unavailable; try again shortly")))
            default:
                return JSONResponse.error(HTTPFailure(error))
            }
        } catch let error as any HTTPResponseError {
            switch error.status {
            case .notFound:
                let path = request.uri.path
                if let allowed = ServerRoutes.methods(forPath: path), !allowed.contains(request.method) {
                    var response = JSONResponse.error(
                        HTTPFailure(.methodNotAllowed, "methodNotAllowed", "\(request.method) is not allowed on \(path)"))
                    response.headers[.allow] = ServerRoutes.allow(forPath: path)
                    return response
                }
                return JSONResponse.error(HTTPFailure(.notFound, "notFound", "no endpoint at \(path); see \(WirePaths.openAPI)"))
            case .contentTooLarge:
                return JSONResponse.error(
                    HTTPFailure(.contentTooLarge, "tooLarge", "the body is larger than \(ServerRoutes.maxBodyBytes) bytes"))
            default:
                let status = error.status
                return JSONResponse.error(HTTPFailure(status, "httpError", status.reasonPhrase))
            }
        } catch let error as HTTPParserError {
            return Self.brokenFraming(error, request: request, logger: logger)
        } catch let error as ChannelError {
            return Self.brokenFraming(error, request: request, logger: logger)
        } catch is CancellationError {
            // A request still queued for a pool when the server stops.
            logger.debug("request cancelled", metadata: ["path": "\(request.uri.path)"])
            return JSONResponse.error(
                HTTPFailure(.serviceUnavailable, "busy", "the server is shutting down; try again shortly", retryAfter: 1))
        } catch {
            logger.error("unexpected failure", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return JSONResponse.error(HTTPFailure(.internalServerError, "internal", "the server failed; see its log"))
        }
    }

    /// The client's request broke HTTP's framing while its body was read (a bad chunk size, a
    /// body shorter than its `Content-Length` before the end of the stream, the connection
    /// gone): a client error, logged at debug, answered 400 on a connection that then closes
    /// (when it can still carry an answer).
    static func brokenFraming(_ error: any Error, request: Request, logger: Logger) -> Response {
        logger.debug("malformed request framing", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
        var response = JSONResponse.error(
            HTTPFailure(.badRequest, "badRequest", "the request's HTTP framing is malformed: \(error)"))
        response.headers[.connection] = "close"
        return response
    }
}
