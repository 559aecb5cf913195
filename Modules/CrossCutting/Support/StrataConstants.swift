/// Names and numbers every Strata executable agrees on.
///
/// These are the "constants" of the cross-cutting layer: the application id that selects a
/// store, the version printed by `--version`, and the URL scheme micro-apps route on.
public enum StrataConstants {
    /// The application id, as registered with a sync server (seed `003_*`: `setAppID`).
    public static let appID = "dev.strata.casebook"
    /// The version of every executable built from this repository.
    public static let version = "0.1.0"
    /// The URL scheme hosts route (`strata://reports/new`).
    public static let urlScheme = "strata"
    /// The file name of the shared SQLite store inside the container directory.
    public static let storeFileName = "strata.sqlite"
    /// The name of the maildir-style inbox folder inside the container directory.
    public static let inboxFolderName = "inbox"
}
