public import Foundation
public import Logging
public import StrataServerDomain

/// What `strata-server` asks of its composition root once the command line is parsed.
public struct ServerLaunch: Sendable {
    /// The data directory (`--data-dir`).
    public let dataDirectory: URL
    /// The logger at the chosen level (`--log-level`).
    public let logger: Logger
    /// The settings (`--token-lifetime`, …).
    public let settings: ServerSettings

    /// A launch request.
    public init(dataDirectory: URL, logger: Logger, settings: ServerSettings) {
        self.dataDirectory = dataDirectory
        self.logger = logger
        self.settings = settings
    }
}
