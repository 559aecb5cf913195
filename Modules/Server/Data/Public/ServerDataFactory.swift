public import Foundation
public import Logging

/// The one way into `StrataServerData`: it returns the storage behind ``ServerDataLayer``.
public enum ServerDataFactory {
    /// SQLite storage under `directory`: `control.sqlite` and `apps/<app id>@<version>.sqlite`,
    /// each in WAL mode with a busy timeout. Creates the directory (owner-only) when missing.
    ///
    /// - Throws: ``ServerDataError`` (`cannotOpen`) naming the directory or file.
    public static func sqlite(directory: URL, logger: Logger) throws -> any ServerDataLayer {
        try SQLiteServerData(directory: directory, logger: logger)
    }
}
