import StrataCrossCutting

/// Where the user wants a store's data key kept: the environment variable
/// ``DataKeyPlace/variable`` (`STRATA_KEY_PLACE`), also read from
/// `~/.config/strata/environment` by the systemd user units.
///
/// The choice governs the session's keyring (see ``DataKeyring``): whether it is asked at all,
/// and whether a new store's key may fall back to the key file when the keyring refuses it. A
/// key already in the key file is used from there whatever the choice (`strata-host store key
/// --to` moves it).
public enum DataKeyPlace: String, Sendable, Hashable, CaseIterable {
    /// The Secret Service when the session offers one and it takes the key, else the key file
    /// (saying why in one line when the keyring refused a new store's key). The default.
    case auto
    /// Only the owner-only key file: the Secret Service is never asked.
    case file
    /// Only the Secret Service: a new store's key that it cannot take, or a key it cannot give
    /// back, is an error, never a key file.
    case secretService = "secret-service"

    /// The environment variable that holds the choice.
    public static let variable = "STRATA_KEY_PLACE"

    /// The choice `environment` makes: ``auto`` when ``variable`` is not set, empty or only
    /// white space; white space around a place is ignored (`' file'` is `file`).
    ///
    /// - Throws: ``CrossCuttingError`` (`badEnvironment`) naming the variable, its value as
    ///   given (quoted, control characters escaped) and the accepted values when it holds
    ///   anything else.
    public static func from(environment: [String: String]) throws -> DataKeyPlace {
        guard let raw = environment[variable] else { return .auto }
        let text = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !text.isEmpty else { return .auto }
        guard let place = DataKeyPlace(rawValue: text.lowercased()) else {
            let accepted = allCases.map(\.rawValue).joined(separator: ", ")
            let shown = TerminalText.escaped(raw)
            throw CrossCuttingError(
                .badEnvironment,
                localized(
                    "\(variable)='\(shown)' is not a place for the data key; expected one of: \(accepted) (empty means auto)",
                    ja: "\(variable)='\(shown)' はデータキーの保存先ではありません。次のいずれかを指定してください: \(accepted)（空なら auto）"))
        }
        return place
    }
}
