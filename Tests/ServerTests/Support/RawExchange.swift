import Foundation
import StrataTestSupport

/// One loopback TCP connection that sends bytes exactly as given (broken HTTP framing that no
/// HTTP client would send) and reads the answer until the server closes or `timeout` passes.
/// Built on ``RawConnection``; the blocking socket calls run on a thread of their own, never on
/// the cooperative pool.
enum RawExchange {
    /// What came back: the bytes as text, and whether the server closed the connection.
    struct Answer: Sendable, CustomStringConvertible {
        var text: String
        var closed: Bool
        /// The status of the first response line (`HTTP/1.1 400 …`), or `nil`.
        var status: Int? {
            guard text.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }
        var description: String { "closed: \(closed)\n\(text.prefix(600))" }
    }

    /// Connects to `127.0.0.1:port`, sends `bytes`, half-closes the sending side when
    /// `halfClose`, and reads until the end of the stream, until the text read satisfies
    /// `enough` (for an answer the server sends on a connection it keeps open), or `timeout`
    /// seconds. The default bound is the tests' patience for a child process: an answer that
    /// comes returns at once, and a loaded machine (the whole test binary on 2 cores) once took
    /// more than 5 s to answer a 400.
    static func exchange(
        port: Int, bytes: [UInt8], halfClose: Bool, timeout: TimeInterval = Patience.childProcessSeconds,
        enough: (@Sendable (String) -> Bool)? = nil
    ) async throws -> Answer {
        // A thread of its own: blocking Dispatch's few worker threads would also starve
        // the cooperative pool (on Linux it runs on them), the in-process server included.
        try await onThread {
            try exchangeBlocking(port: port, bytes: bytes, halfClose: halfClose, timeout: timeout, enough: enough)
        }
    }

    /// ``exchange(port:bytes:halfClose:timeout:)`` on the calling thread (which it blocks), over
    /// one ``RawConnection``.
    static func exchangeBlocking(
        port: Int, bytes: [UInt8], halfClose: Bool, timeout: TimeInterval, enough: ((String) -> Bool)? = nil
    ) throws -> Answer {
        let connection = try RawConnection(port: port)
        try connection.sendAll(bytes)
        if halfClose { connection.halfClose() }
        let stop = enough.map { enough in { (data: Data) in enough(String(decoding: data, as: UTF8.self)) } }
        let (data, ended) = connection.readToEnd(timeout: .milliseconds(Int64(timeout * 1000)), enough: stop)
        return Answer(text: String(decoding: data, as: UTF8.self), closed: ended)
    }
}
