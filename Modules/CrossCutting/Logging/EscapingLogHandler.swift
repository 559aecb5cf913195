public import Logging

/// A log handler that writes every log record on one line with its control characters escaped
/// (``TerminalText/escaped(_:)``), then hands it to another handler: a file name, a server's
/// error or a notification id in a log cannot act on the terminal showing standard error, nor
/// forge a log line of its own.
struct EscapingLogHandler: LogHandler {
    /// The handler that writes the escaped record.
    var inner: any LogHandler

    var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var escaped = event
        escaped.message = Logger.Message(stringLiteral: TerminalText.escaped(event.message.description))
        escaped.metadata = event.metadata.map(Self.escape)
        inner.log(event: escaped)
    }

    /// `metadata` with every key and string value escaped, at any depth.
    static func escape(_ metadata: Logger.Metadata) -> Logger.Metadata {
        var result: Logger.Metadata = [:]
        for (key, value) in metadata { result[TerminalText.escaped(key)] = escape(value) }
        return result
    }

    private static func escape(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(TerminalText.escaped(text))
        case .stringConvertible(let convertible): .string(TerminalText.escaped(convertible.description))
        case .array(let values): .array(values.map(escape))
        case .dictionary(let metadata): .dictionary(escape(metadata))
        }
    }
}

extension StrataLogging {
    /// `handler` behind ``EscapingLogHandler``: each record's message and metadata (keys and
    /// values, at any depth) with control characters escaped before `handler` writes them.
    /// ``makeLogger(label:level:)`` wraps its standard-error handler in it.
    public static func escaping(_ handler: any LogHandler) -> any LogHandler {
        EscapingLogHandler(inner: handler)
    }
}
