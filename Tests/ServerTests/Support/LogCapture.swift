import Logging
import Synchronization

/// A log handler that keeps every record, for tests that read what the server logged.
struct LogCapture: LogHandler {
    /// One logged line: its level, message and metadata.
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let records = SharedRecords()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged: [String: String] = metadata.mapValues { "\($0)" }
        for (key, value) in event.metadata ?? [:] { merged[key] = "\(value)" }
        records.append(Record(level: event.level, message: "\(event.message)", metadata: merged))
    }

    /// Every record so far.
    var all: [Record] { records.all }

    /// The records' shared store (a handler is a value, copied into each logger).
    final class SharedRecords: Sendable {
        private let records = Mutex<[Record]>([])
        func append(_ record: Record) { records.withLock { $0.append(record) } }
        var all: [Record] { records.withLock { $0 } }
    }
}
