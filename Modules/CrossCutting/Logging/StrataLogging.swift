public import Logging

/// Creates swift-log loggers that write to standard error at a level chosen by the caller.
///
/// Strata never bootstraps swift-log's global `LoggingSystem`: a host makes one root logger
/// here and hands it (or `logger.with(label:)` copies) to every library it composes.
public enum StrataLogging {
    /// The environment variable that sets the log level when `--verbose` is not given.
    public static let levelVariable = "STRATA_LOG_LEVEL"

    /// The level used when neither `--verbose` nor `STRATA_LOG_LEVEL` says otherwise.
    public static let defaultLevel: Logger.Level = .warning

    /// Chooses the log level: `--verbose` means `debug`, else `STRATA_LOG_LEVEL`, else `warning`.
    ///
    /// - Throws: ``CrossCuttingError`` (`badEnvironment`) naming the variable and the accepted
    ///   values when `STRATA_LOG_LEVEL` holds something else.
    public static func level(verbose: Bool, environment: [String: String]) throws -> Logger.Level {
        if verbose { return .debug }
        guard let text = environment[levelVariable], !text.isEmpty else { return defaultLevel }
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let accepted = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw CrossCuttingError(
                .badEnvironment,
                "\(levelVariable)=\(text) is not a log level; expected one of: \(accepted)"
            )
        }
        return level
    }

    /// Makes a logger writing to standard error, labelled `label`, at `level`; control
    /// characters in messages and metadata are escaped (see ``escaping(_:)``).
    public static func makeLogger(label: String, level: Logger.Level) -> Logger {
        var logger = Logger(label: label) { escaping(StreamLogHandler.standardError(label: $0)) }
        logger.logLevel = level
        return logger
    }
}

extension Logger {
    /// A copy of this logger with the same handler and level but another label's metadata.
    ///
    /// swift-log labels are fixed at creation; Strata marks the component in metadata instead.
    public func component(_ name: String) -> Logger {
        var copy = self
        copy[metadataKey: "component"] = .string(name)
        return copy
    }
}
