import StrataCrossCutting

/// Why a store's data key is where it is: the choice made when the store made its key (its
/// first run) or moved it, as the store records it beside the key's place. `strata-host store
/// key` and the Account screen say it.
public enum DataKeyChoice: Sendable, Hashable {
    /// The Secret Service answered and took the new key (`STRATA_KEY_PLACE=auto`).
    case secretServiceTook
    /// The user's ``DataKeyPlace`` (`file` or `secret-service`) put it there.
    case chosen(DataKeyPlace)
    /// There was no Secret Service to ask (no session bus, or its lookup failed): why (empty:
    /// not said).
    case noSecretService(String)
    /// The Secret Service refused the new key or did not answer in time: its reason.
    case refused(String)
    /// `strata-host store key --to` moved it there.
    case moved

    /// The text the store keeps (the settings value): `secret-service`, `place:file`,
    /// `no-secret-service:<why>`, `refused:<why>`, `moved`.
    public var recorded: String {
        switch self {
        case .secretServiceTook: "secret-service"
        case .chosen(let place): "place:\(place.rawValue)"
        case .noSecretService(let why): "no-secret-service:\(why)"
        case .refused(let why): "refused:\(why)"
        case .moved: "moved"
        }
    }

    /// Reads ``recorded`` back; `nil` for anything else (a store from before it was recorded).
    public init?(recorded: String) {
        func rest(after prefix: String) -> String? {
            recorded.hasPrefix(prefix) ? String(recorded.dropFirst(prefix.count)) : nil
        }
        if recorded == "secret-service" {
            self = .secretServiceTook
        } else if recorded == "moved" {
            self = .moved
        } else if let place = rest(after: "place:").flatMap(DataKeyPlace.init(rawValue:)) {
            self = .chosen(place)
        } else if let why = rest(after: "no-secret-service:") {
            self = .noSecretService(why)
        } else if let why = rest(after: "refused:") {
            self = .refused(why)
        } else {
            return nil
        }
    }

    /// Why, in a few words for a screen's one line (the Account screen): the reason the keyring
    /// gave is left to ``because`` (`strata-host store key`).
    public var brief: String {
        switch self {
        case .secretServiceTook:
            localized("the Secret Service took it at the first run", ja: "初回に Secret Service が受け付けました")
        case .chosen(let place):
            localized("\(DataKeyPlace.variable)=\(place.rawValue) chose it", ja: "\(DataKeyPlace.variable)=\(place.rawValue) で選択")
        case .noSecretService:
            localized("no Secret Service at the first run", ja: "初回は Secret Service がありませんでした")
        case .refused:
            localized("the Secret Service refused it at the first run", ja: "初回に Secret Service が受け付けませんでした")
        case .moved:
            localized("moved with store key --to", ja: "store key --to で移動")
        }
    }

    /// Why, as a phrase for "The data key is in …, because …" (in the current language; the
    /// reasons the keyring gave stay as it gave them).
    public var because: String {
        switch self {
        case .secretServiceTook:
            localized(
                "the Secret Service answered and took it when the store was made",
                ja: "ストアの作成時に Secret Service が応答し、キーを受け付けたため")
        case .chosen(let place):
            localized(
                "\(DataKeyPlace.variable)=\(place.rawValue) chose it when the store was made",
                ja: "ストアの作成時に \(DataKeyPlace.variable)=\(place.rawValue) で選ばれたため")
        case .noSecretService(let why):
            localized(
                "there was no Secret Service to ask when the store was made" + (why.isEmpty ? "" : " (\(why))"),
                ja: "ストアの作成時に問い合わせる Secret Service がなかったため" + (why.isEmpty ? "" : "（\(why)）"))
        case .refused(let why):
            localized(
                "the Secret Service did not take it when the store was made (\(why))",
                ja: "ストアの作成時に Secret Service がキーを受け付けなかったため（\(why)）")
        case .moved:
            localized("it was moved there with strata-host store key --to", ja: "strata-host store key --to で移されたため")
        }
    }
}
