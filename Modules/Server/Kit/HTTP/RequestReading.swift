import Foundation
import Hummingbird
import NIOCore
import StrataCrossCutting
import StrataWire

/// Reads a request's JSON body (up to the size limit), query values and bearer token, turning
/// every problem into a 4xx ``HTTPFailure`` that names it.
enum RequestReading {
    /// The body decoded as `T` (at most `limit` bytes).
    static func body<T: Decodable>(_ type: T.Type, from request: Request, upTo limit: Int = ServerRoutes.maxBodyBytes)
        async throws -> T
    {
        try decode(T.self, from: try await collect(request, upTo: limit))
    }

    /// The body's bytes (at most `limit`; more is 413).
    static func collect(_ request: Request, upTo limit: Int = ServerRoutes.maxBodyBytes) async throws -> ByteBuffer {
        // A declared length over the limit is answered at once, not after the client has sent
        // (or failed to send, within the body timeout) a body that would be refused anyway.
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw HTTPFailure(
                .contentTooLarge, "tooLarge", "the body is larger than \(limit) bytes (Content-Length \(declared))")
        }
        var request = request
        do {
            return try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw HTTPFailure(.contentTooLarge, "tooLarge", "the body is larger than \(limit) bytes")
        }
    }

    /// `buffer` decoded as `T` (CPU work, never blocking: it runs in the handler).
    static func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        // The hot path: a plain push body is read by hand (the same value the decoder makes).
        if T.self == PushRequest.self, let push = WireJSONReader.pushRequest(from: Array(buffer.readableBytesView)) as? T {
            return push
        }
        do {
            return try decoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw HTTPFailure(.badRequest, "badRequest", "the body is not a valid \(T.self): \(describe(error))")
        } catch {
            throw HTTPFailure(.badRequest, "badRequest", "the body is not a valid \(T.self) in JSON")
        }
    }

    /// The wire's decoder, reading RFC 3339 dates strictly (`DayText.parseInstant`): fractional
    /// seconds and offsets are accepted, as OpenAPI's `date-time` allows, but an impossible date
    /// (February 30, hour 24, year 0000) is refused, never rolled over.
    static func decoder() -> JSONDecoder {
        let decoder = WireCoding.decoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            do {
                return try DayText.parseInstant(text, what: "the date")
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "'\(text.prefix(40))' is not an RFC 3339 date-time whose every field exists")
            }
        }
        return decoder
    }

    /// The token of `Authorization: Bearer <token>`, or `nil`.
    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// The query value `name` as a whole number (`fallback` when absent).
    static func integer(_ name: String, in request: Request, default fallback: Int64) throws -> Int64 {
        guard let text = try queryValue(name, in: request) else { return fallback }
        guard let value = Int64(text) else {
            throw HTTPFailure(.badRequest, "badRequest", "query parameter \(name)=\(text.prefix(40)) is not a whole number")
        }
        return value
    }

    /// The query value `name` as a number (`fallback` when absent).
    static func number(_ name: String, in request: Request, default fallback: Double) throws -> Double {
        guard let text = try queryValue(name, in: request) else { return fallback }
        // Decimal only: `Double` would also read `0x1p4`, `inf` and `nan`.
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(text),
            value.isFinite
        else {
            throw HTTPFailure(.badRequest, "badRequest", "query parameter \(name)=\(text.prefix(40)) is not a number")
        }
        return value
    }

    /// The query value `name` (percent-decoded), `nil` when absent.
    ///
    /// - Throws: ``HTTPFailure`` 400 when `name` is given more than once: which one was meant is
    ///   not for the server to guess.
    static func queryValue(_ name: String, in request: Request) throws -> Substring? {
        let values = request.uri.queryParameters[values: Substring(name)]
        guard values.count <= 1 else {
            throw HTTPFailure(
                .badRequest, "badRequest", "query parameter \(name) is given \(values.count) times; expected it once")
        }
        return values.first
    }

    /// A short description of what a decoder disliked, naming the field.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "the body" : "'\(path)'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing field '\(key.stringValue)'" + (parent == "the body" ? "" : " in \(parent)")
        case .typeMismatch(let type, let context): return "\(path(context)) should be \(type)"
        case .valueNotFound(let type, let context): return "\(path(context)) should be \(type), not null"
        case .dataCorrupted(let context):
            // Foundation reports a number that does not fit its field (1.5 for an integer) this way too.
            return context.codingPath.isEmpty
                ? "it is not JSON, or a number in it does not fit its field (a fraction or too large for an integer)"
                : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "it does not decode"
        }
    }
}
