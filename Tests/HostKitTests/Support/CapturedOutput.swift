import StrataCrossCutting
import StrataHostKit
import Synchronization

/// An output sink that keeps what a command wrote, for tests to read back.
final class CapturedOutput: Sendable {
    private let out = Mutex<[String]>([])
    private let err = Mutex<[String]>([])

    /// A sink writing into this capture.
    var sink: OutputSink {
        OutputSink(
            standardOutput: { [self] text in out.withLock { $0.append(text) } },
            standardError: { [self] text in err.withLock { $0.append(text) } }
        )
    }

    /// Everything written to standard output, one newline after each write.
    var stdout: String { out.withLock { $0.map { $0 + "\n" }.joined() } }

    /// Everything written to standard error, one newline after each write.
    var stderr: String { err.withLock { $0.map { $0 + "\n" }.joined() } }
}
